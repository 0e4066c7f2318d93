import type { AnyServiceDescriptor } from './service-descriptor';

/** A use of a service the plugin can run without: see {@link optional}. */
export interface OptionalService<TDescriptor extends AnyServiceDescriptor> {
  readonly kind: 'optional';
  readonly descriptor: TDescriptor;
}

/**
 * Marks a service in `uses` as optional: the plugin activates whether or not the service
 * has a provider, and is not deactivated when it loses it. The plugin still gets a handle;
 * `handle.available()` tells whether a provider is selected, and registrations made
 * through it attach once one is.
 */
export function optional<TDescriptor extends AnyServiceDescriptor>(
  descriptor: TDescriptor,
): OptionalService<TDescriptor> {
  if (descriptor?.kind !== 'service') throw new TypeError('optional() takes a service descriptor');
  return Object.freeze({ kind: 'optional' as const, descriptor });
}
