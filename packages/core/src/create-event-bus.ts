import { EventEmitter } from 'eventemitter3';
import { EventListenerError } from './event-listener-error';
import type { EventBus } from './events';

type AnyListener = (payload: unknown) => void | Promise<void>;

/** Options of {@link createEventBus}. */
export interface EventBusOptions {
  readonly report: (error: unknown) => void;
}

/** The built-in `events` provider, on eventemitter3. */
export function createEventBus(options: EventBusOptions): EventBus {
  const emitter = new EventEmitter<string>();

  function on(name: string, listener: AnyListener): () => void {
    assertEventName(name);
    // A fresh wrapper per registration: eventemitter3 removes every copy of a function.
    const registration: AnyListener = (payload) => listener(payload);
    emitter.on(name, registration);
    return () => {
      emitter.off(name, registration);
    };
  }

  function once(name: string, listener: AnyListener): () => void {
    const dispose = on(name, (payload) => {
      dispose();
      return listener(payload);
    });
    return dispose;
  }

  function emit(name: string, payload: unknown): Promise<void> {
    assertEventName(name);
    const waiting: Promise<void>[] = [];
    for (const listener of emitter.listeners(name) as AnyListener[]) {
      try {
        const result = listener(payload);
        if (result instanceof Promise) waiting.push(result.catch((cause: unknown) => fail(name, cause)));
      } catch (cause) {
        fail(name, cause);
      }
    }
    return Promise.all(waiting).then(() => undefined);
  }

  function fail(eventName: string, cause: unknown): void {
    options.report(new EventListenerError({ eventName, cause }));
  }

  return { on, once, emit, listenerCount: (name: string) => emitter.listenerCount(name) } as EventBus;
}

function assertEventName(name: unknown): void {
  if (typeof name !== 'string' || name.length === 0)
    throw new TypeError('An event name must be a non-empty string');
}
