import { defineService, type Registrar, type ServiceDescriptor } from '@aalis/core';
import type { HookMiddleware, HookMiddlewareOptions } from '@aalis/hook-runner';
import type { HooksService } from './hooks-service';

type MiddlewareArgs = [string, HookMiddleware<unknown>, HookMiddlewareOptions | undefined];

/** The provider seen without the hook map's key and payload types. */
interface LooseHooksService {
  middleware(name: string, handler: HookMiddleware<unknown>, options?: HookMiddlewareOptions): () => void;
}

const middlewareRegistrar: Registrar<HooksService, MiddlewareArgs> = {
  id: 'hooks:middleware',
  attach: (service, { owner, args: [name, handler, options] }) =>
    (service as unknown as LooseHooksService).middleware(name, handler, {
      ...options,
      label: options?.label ?? owner?.instanceId,
    }),
};

let registrations = 0;

/**
 * The `hooks` service descriptor. Plugins name it in `uses` and register with
 * `hooks.use.middleware(name, handler, options?)`; each call is its own registration (none
 * replaces another), kept in registration order per priority across provider switches.
 * `hooks.use.run(name, payload, defaultAction?, options?)` hands all four arguments, the
 * abort signal in `options` included, to the provider selected at the time of the call.
 */
export const hooks: ServiceDescriptor<HooksService> = defineService<HooksService>({
  name: 'hooks',
  bind: (context) => ({
    middleware: (name, handler, options) => {
      const hookName: unknown = name;
      if (typeof hookName !== 'string' || hookName.length === 0) {
        throw new TypeError('A hook name must be a non-empty string');
      }
      if (typeof handler !== 'function')
        throw new TypeError(`The middleware of hook "${name}" must be a function`);
      registrations += 1;
      const args: MiddlewareArgs = [hookName, handler as HookMiddleware<unknown>, options];
      return context.register(middlewareRegistrar, `${name}#${registrations}`, ...args);
    },
    run: (name, payload, defaultAction, options) => {
      try {
        // Called directly (not awaited) so the first middleware still runs inside this call.
        return context.current().run(name, payload, defaultAction, options);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    count: (name) => context.currentOrUndefined()?.count(name) ?? 0,
  }),
});
