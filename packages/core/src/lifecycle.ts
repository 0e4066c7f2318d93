import { defineService } from './define-service';
import type { Registrar } from './registrar';
import type { ServiceDescriptor } from './service-descriptor';
import { uniqueRegistrationName } from './unique-registration-name';

/** A drain callback: stop in-flight work and release what waits; may return a promise (awaited, its value ignored). */
export type DrainCallback = () => unknown;

/** What the provider of `lifecycle` implements. */
export interface LifecycleService {
  /** Adds a drain callback; returns a remover. */
  onDrain(callback: DrainCallback): () => void;
  /** Whether a drain has begun. */
  isDraining(): boolean;
  /**
   * Runs, concurrently, the drain callbacks registered when the drain begins, and resolves
   * once all settled; rejects with `DrainError` after that if any failed. Later calls
   * return the same promise.
   */
  drain(): Promise<void>;
}

/** The business handle of `lifecycle`. */
export interface Lifecycle {
  /**
   * Runs `callback` when the app drains (`app.drain()` or `app.stop()`), e.g. to abort
   * in-flight turns and release queued inputs. Withdrawn when the plugin deactivates or by
   * the returned function.
   */
  onDrain(callback: DrainCallback): () => void;
  /** Whether the app has begun draining. */
  isDraining(): boolean;
}

const drainRegistrar: Registrar<LifecycleService, [DrainCallback]> = {
  id: 'lifecycle:drain',
  attach: (service, { args: [callback] }) => service.onDrain(callback),
};

/** The `lifecycle` service descriptor; the app provides it (provider name `core`). */
export const lifecycle: ServiceDescriptor<LifecycleService, Lifecycle> = defineService<
  LifecycleService,
  Lifecycle
>({
  name: 'lifecycle',
  bind: (context) => ({
    onDrain: (callback) => {
      if (typeof callback !== 'function') throw new TypeError('A drain callback must be a function');
      return context.register(drainRegistrar, uniqueRegistrationName('drain'), callback);
    },
    isDraining: () => context.currentOrUndefined()?.isDraining() ?? false,
  }),
});
