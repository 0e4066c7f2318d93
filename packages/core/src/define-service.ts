import type { ServiceBindContext } from './service-bind-context';
import type { ServiceDescriptor } from './service-descriptor';

/** Options of {@link defineService}. */
export interface DefineServiceOptions<TService extends object, TBound extends object> {
  /** The service's name, unique in an app (e.g. `agent`, `hooks`). */
  readonly name: string;
  /** Builds the business handle; omit it to forward every member to the current provider. */
  readonly bind?: (context: ServiceBindContext<TService>) => TBound;
}

/**
 * Declares a service. Without `bind`, the business handle forwards each property access to
 * the provider selected at the moment of the access (methods bound to it), and throws
 * `ServiceUnavailableError` when there is none. Throws a `TypeError` for an empty name.
 */
export function defineService<TService extends object, TBound extends object = TService>(
  options: DefineServiceOptions<TService, TBound>,
): ServiceDescriptor<TService, TBound> {
  if (typeof options.name !== 'string' || options.name.length === 0) {
    throw new TypeError('A service name must be a non-empty string');
  }
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
