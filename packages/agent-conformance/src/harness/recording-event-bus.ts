import type { EventBus, EventMap, EventName } from '@aalis/core';
import { type Activity, createActivity } from './activity';
import type { HarnessFault } from './harness-fault';
import type { RecordedEvent } from './recorded-event';

type AnyListener = (payload: unknown) => void | Promise<void>;

/** The harness's `events` provider: records every emit, then calls the listeners. */
export interface RecordingEventBus {
  /** The `events` provider. */
  readonly service: EventBus;
  /** Every emitted event, in order (`agent:*`, `outbound:*`, `token:*`, `tool:execute`, …). */
  readonly all: readonly RecordedEvent[];
  /** The emitted events named `name`, in order. */
  of<TName extends EventName>(name: TName): RecordedEvent<TName>[];
}

/** Options of {@link createRecordingEventBus}. */
export interface RecordingEventBusOptions {
  /** The sequence shared with other fakes, to compare the order of their actions. Default: its own. */
  readonly activity?: Activity;
  /** Where failing listeners are recorded. Default: nowhere (they are still isolated). */
  readonly faults?: HarnessFault[];
}

/**
 * Creates a recording event bus (the harness's `events`; a fake for your own tests). Like the
 * built-in bus, `emit` calls the listeners registered at that moment in order and resolves
 * once the promises they returned settled; a failing listener is recorded as a fault and the
 * others still run.
 */
export function createRecordingEventBus(input: RecordingEventBusOptions = {}): RecordingEventBus {
  const options = { activity: input.activity ?? createActivity(), faults: input.faults ?? [] };
  const listeners = new Map<string, Set<{ readonly listener: AnyListener }>>();
  const all: RecordedEvent[] = [];
  const fail = (name: string, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    options.faults.push({ kind: 'listener', message: `a listener of ${name} failed: ${message}` });
  };
  const on = (name: string, listener: AnyListener) => {
    const entry = { listener };
    let set = listeners.get(name);
    if (set === undefined) {
      set = new Set();
      listeners.set(name, set);
    }
    set.add(entry);
    return () => {
      listeners.get(name)?.delete(entry);
    };
  };
  const service = {
    on,
    once: (name: string, listener: AnyListener) => {
      const dispose = on(name, (payload) => {
        dispose();
        return listener(payload);
      });
      return dispose;
    },
    emit: (name: string, payload: unknown) => {
      options.activity.record((seq) => all.push({ seq, name, payload } as RecordedEvent));
      const waiting: Promise<void>[] = [];
      for (const { listener } of [...(listeners.get(name) ?? [])]) {
        try {
          const result = listener(payload);
          if (result instanceof Promise) waiting.push(result.catch((error: unknown) => fail(name, error)));
        } catch (error) {
          fail(name, error);
        }
      }
      return Promise.all(waiting).then(() => undefined);
    },
    listenerCount: (name: string) => listeners.get(name)?.size ?? 0,
  } as unknown as EventBus;
  return {
    service,
    all,
    of: <TName extends EventName>(name: TName) =>
      all.filter((event): event is RecordedEvent<TName> => event.name === name),
  };
}

/** The payload type of an event, re-exported for case code. */
export type EventPayload<TName extends EventName> = EventMap[TName];
