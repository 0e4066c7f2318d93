import { defineService } from './define-service';
import type { EventMap, EventName } from './event-map';
import type { Registrar } from './registrar';
import type { ServiceDescriptor } from './service-descriptor';
import { ServiceUnavailableError } from './service-unavailable-error';
import { uniqueRegistrationName } from './unique-registration-name';

/** A listener of event `TName`; a returned promise is awaited by `emit`. */
export type EventListener<TName extends EventName> = (payload: EventMap[TName]) => void | Promise<void>;

/**
 * The `events` service: typed events over {@link EventMap}. The built-in provider runs on
 * eventemitter3.
 */
export interface EventBus {
  /**
   * Calls `listener` for every `name` event until the returned disposer runs. Registering
   * one function twice makes two independent registrations. Through a plugin's handle the
   * listener is withdrawn when the plugin deactivates.
   */
  on<TName extends EventName>(name: TName, listener: EventListener<TName>): () => void;
  /** Like `on`, for the next `name` event only. */
  once<TName extends EventName>(name: TName, listener: EventListener<TName>): () => void;
  /**
   * Calls the listeners registered now, synchronously in registration order, and resolves
   * once every promise they returned settled. Never rejects: a listener that throws or
   * rejects is reported (`EventListenerError`) and the others still run.
   */
  emit<TName extends EventName>(name: TName, payload: EventMap[TName]): Promise<void>;
  /** How many listeners `name` has now. */
  listenerCount(name: EventName): number;
}

type AnyListener = (payload: unknown) => void | Promise<void>;

const listenerRegistrar: Registrar<EventBus, [string, AnyListener]> = {
  id: 'events:listener',
  attach: (bus, { args: [name, listener] }) => (bus as unknown as LooseBus).on(name, listener),
};

interface LooseBus {
  on(name: string, listener: AnyListener): () => void;
}

/** The `events` service descriptor; the app provides it (provider name `core`). */
export const events: ServiceDescriptor<EventBus> = defineService<EventBus>({
  name: 'events',
  bind: (context) => {
    const on = (name: string, listener: AnyListener) => {
      assertEventName(name);
      assertListener(listener);
      return context.register(listenerRegistrar, uniqueRegistrationName('listener'), name, listener);
    };
    const once = (name: string, listener: AnyListener) => {
      assertEventName(name);
      assertListener(listener);
      let fired = false;
      const dispose = on(name, (payload) => {
        if (fired) return undefined;
        fired = true;
        dispose();
        return listener(payload);
      });
      return dispose;
    };
    return {
      on,
      once,
      emit: (name, payload) => {
        const bus = context.currentOrUndefined();
        return bus === undefined
          ? Promise.reject(new ServiceUnavailableError('events'))
          : bus.emit(name, payload);
      },
      listenerCount: (name) => context.currentOrUndefined()?.listenerCount(name) ?? 0,
    } as EventBus;
  },
});

function assertEventName(name: unknown): void {
  if (typeof name !== 'string' || name.length === 0)
    throw new TypeError('An event name must be a non-empty string');
}

function assertListener(listener: unknown): void {
  if (typeof listener !== 'function') throw new TypeError('An event listener must be a function');
}
