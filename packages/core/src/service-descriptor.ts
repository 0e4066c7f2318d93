import type { ServiceBindContext } from './service-bind-context';

/**
 * A service descriptor: the token plugins name in `uses` and providers pass to `provide`.
 * `TService` is what a provider implements; `TBound` is the business handle callers get on
 * `handle.use` (by default the service itself, forwarded to the current provider).
 * Services are keyed by `name`, so two installed copies of one descriptor name the same
 * service.
 */
export interface ServiceDescriptor<TService extends object, TBound extends object = TService> {
  readonly kind: 'service';
  readonly name: string;
  /** Builds the business handle for one caller. */
  bind(context: ServiceBindContext<TService>): TBound;
  /** Type-only marker for the provider's interface; never set. */
  readonly __service?: TService;
}

/** Any service descriptor, whatever its provider and handle types. */
export type AnyServiceDescriptor = ServiceDescriptor<object, object>;

/** The provider interface of a descriptor. */
export type ServiceOf<TDescriptor> =
  TDescriptor extends ServiceDescriptor<infer TService, object> ? TService : never;

/** The business handle type of a descriptor. */
export type BoundOf<TDescriptor> = TDescriptor extends { bind(context: never): infer TBound }
  ? TBound
  : never;
