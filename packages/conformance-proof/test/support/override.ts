/**
 * A view of `service` with some members replaced. Every other member is read from `service`
 * at the moment of use (methods bound to it), so a business handle keeps forwarding to
 * whichever provider is current. The mutants use it to change one behaviour of a
 * collaborator and keep the rest.
 */
export function override<TService extends object>(service: TService, replaced: Partial<TService>): TService {
  return new Proxy(service, {
    get(target, key) {
      if (Object.hasOwn(replaced, key)) return (replaced as Record<PropertyKey, unknown>)[key];
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
