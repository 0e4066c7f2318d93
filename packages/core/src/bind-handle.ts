import type { OwnerScope } from './owner-scope';
import type { PluginOwner } from './plugin-owner';
import type { Registrar } from './registrar';
import type { ServiceBindContext } from './service-bind-context';
import type { AnyServiceDescriptor } from './service-descriptor';
import type { ServiceHandle } from './service-handle';
import type { ServiceRegistry } from './service-registry';
import { ServiceUnavailableError } from './service-unavailable-error';

/** Options of {@link bindHandle}. */
export interface BindHandleOptions {
  readonly registry: ServiceRegistry;
  readonly descriptor: AnyServiceDescriptor;
  readonly owner: PluginOwner | undefined;
  /** Where the handle's registrations are withdrawn from. */
  readonly scope: OwnerScope;
}

/** Builds the handle one owner gets for one service. */
export function bindHandle(options: BindHandleOptions): ServiceHandle<object> {
  const { registry, descriptor, owner, scope } = options;
  const service = descriptor.name;
  const context: ServiceBindContext<object> = {
    current: () => {
      const current = registry.current(service);
      if (current === undefined) throw new ServiceUnavailableError(service);
      return current;
    },
    currentOrUndefined: () => registry.current(service),
    owner,
    register: (registrar, name, ...args) => {
      assertRegistration(registrar, name);
      if (!scope.isOpen) return () => undefined;
      const withdraw = registry.register(service, {
        registrar: registrar as Registrar<object, readonly unknown[]>,
        name,
        owner,
        args,
      });
      return scope.add(withdraw);
    },
  };
  return Object.freeze({
    name: service,
    use: descriptor.bind(context),
    available: () => registry.current(service) !== undefined,
  });
}

function assertRegistration(registrar: Registrar<object, readonly unknown[]>, name: unknown): void {
  if (typeof registrar?.id !== 'string' || typeof registrar.attach !== 'function') {
    throw new TypeError('A registrar needs a string id and an attach function');
  }
  if (typeof name !== 'string' || name.length === 0) {
    throw new TypeError(`A registration of "${registrar.id}" needs a non-empty name`);
  }
}
