import type { EventMap, EventName } from '@aalis/core';

/** One event emitted on the harness's event bus. */
export interface RecordedEvent<TName extends EventName = EventName> {
  /** The activity number of the emit. */
  readonly seq: number;
  readonly name: TName;
  readonly payload: EventMap[TName];
}
