import type { EventMap, EventName } from '@aalis/core';
import type { EmitContext } from './turn-run';
import { untilAborted } from './until-aborted';

/**
 * Emits one event and waits for its listeners, but never longer than the turn runs; never
 * rejects (a listener's failure is reported to `onError`). The caller checks the signal.
 */
export async function publish<TName extends EventName>(
  context: EmitContext,
  name: TName,
  payload: EventMap[TName],
): Promise<void> {
  let emitted: Promise<void>;
  try {
    emitted = Promise.resolve(context.events.emit(name, payload)).catch(context.onError);
  } catch (error) {
    context.onError(error);
    return;
  }
  if (context.signal.aborted) return;
  await untilAborted(emitted, context.abortRace ?? context.signal).catch(() => undefined);
}
