/**
 * What the facade of a service knows when it binds a business handle for one caller.
 * `current()` is the provider selected at the moment of the call (it changes when the app
 * switches providers); `owner` is the plugin instance the handle was injected into, or
 * `undefined` for a handle taken from the app directly.
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
   * replaces the earlier registration of that registrar; the registration is re-attached
   * when the provider switches and withdrawn when the owner deactivates. Returns a
   * disposer that withdraws it.
   */
  readonly register: <TArgs extends readonly unknown[]>(
    registrar: Registrar<TService, TArgs>,
    name: string,
    ...args: TArgs
  ) => () => void;
}

/** The identity of a plugin instance, as a facade hands it to providers. */
export interface PluginOwner {
  /** Unique per loaded instance, e.g. `@acme/plugin-example-agent#1`. */
  readonly instanceId: string;
  /** The plugin's declared name. */
  readonly pluginName: string;
}

/**
 * How one kind of registration attaches to a provider. `attach` returns a function that
 * detaches it, or `undefined` when the provider does not support this kind of registration
 * (then nothing is attached until a supporting provider becomes current).
 */
export interface Registrar<TService extends object, TArgs extends readonly unknown[]> {
  /** A stable id, unique per service (e.g. `agent:preprocessor`). */
  readonly id: string;
  readonly attach: (
    service: TService,
    registration: { readonly name: string; readonly owner: PluginOwner | undefined; readonly args: TArgs },
  ) => (() => void) | undefined;
}

/**
 * A service descriptor: the token plugins name in `uses` and providers name in `provides`.
 * `TService` is what a provider implements; `TBound` is the business handle callers get on
 * `handle.use` (by default the service itself, forwarded to the current provider).
 */
export interface ServiceDescriptor<TService extends object, TBound extends object = TService> {
  readonly kind: 'service';
  readonly name: string;
  /** Builds the business handle for one caller. */
  readonly bind: (context: ServiceBindContext<TService>) => TBound;
  /** Type-only marker for the provider's interface. */
  readonly __service?: TService;
}

/** The value a plugin receives for a service it uses: `use` is the business handle. */
export interface ServiceHandle<TBound extends object> {
  readonly name: string;
  /** Every call goes to the provider selected at the moment of the call. */
  readonly use: TBound;
  /** Whether a provider is selected right now. */
  readonly available: () => boolean;
}

/** Options of {@link defineService}. */
export interface DefineServiceOptions<TService extends object, TBound extends object> {
  readonly name: string;
  /** Builds the business handle; omit it to forward every method to the current provider. */
  readonly bind?: (context: ServiceBindContext<TService>) => TBound;
}

/**
 * Declares a service. Without `bind`, the business handle is a proxy that forwards each
 * property access to the provider selected at the moment of the access.
 */
export function defineService<TService extends object, TBound extends object = TService>(
  options: DefineServiceOptions<TService, TBound>,
): ServiceDescriptor<TService, TBound> {
  const bind =
    options.bind ??
    ((context: ServiceBindContext<TService>) => forwardingProxy(context) as unknown as TBound);
  return Object.freeze({ kind: 'service' as const, name: options.name, bind });
}

function forwardingProxy<TService extends object>(context: ServiceBindContext<TService>): TService {
  return new Proxy({} as TService, {
    get(_target, property) {
      const service = context.current() as Record<PropertyKey, unknown>;
      const value = service[property];
      return typeof value === 'function' ? value.bind(service) : value;
    },
    has(_target, property) {
      const service = context.currentOrUndefined();
      return service !== undefined && property in service;
    },
  });
}
