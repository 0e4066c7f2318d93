import type { PluginOwner } from './plugin-owner';
import type { Registrar } from './registrar';

/**
 * What the facade of a service knows when it binds a business handle for one caller.
 * `current()` is the provider selected at the moment of the call (it changes when the app
 * switches providers); `owner` is the plugin instance the handle was made for, or
 * `undefined` for a handle the app took itself.
 */
export interface ServiceBindContext<TService extends object> {
  /** The provider selected right now; throws `ServiceUnavailableError` when there is none. */
  readonly current: () => TService;
  /** The provider selected right now, or `undefined`. */
  readonly currentOrUndefined: () => TService | undefined;
  /** The plugin instance the handle belongs to (filled in by the host, never by callers). */
  readonly owner: PluginOwner | undefined;
  /**
   * Registers something with the current provider through a registrar: the same `name`
   * replaces the earlier registration of that registrar (whoever made it); the registration
   * is re-attached when the provider switches, attached once a provider supports it, and
   * withdrawn when the owner deactivates. Returns a disposer that withdraws it (idempotent;
   * it does nothing once a same-name registration replaced this one). Throws a `TypeError`
   * for an empty name or a malformed registrar.
   */
  readonly register: <TArgs extends readonly unknown[]>(
    registrar: Registrar<TService, TArgs>,
    name: string,
    ...args: TArgs
  ) => () => void;
}
