import { type CoreError, defineService, type Registrar, type ServiceDescriptor } from '../src/index';

/** A promise with its resolve and reject functions, for ordering tests without sleeps. */
export function deferred<TValue = void>() {
  let resolve!: (value: TValue) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<TValue>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A provider interface for tests; `registerSuffix` is optional, like a capability. */
export interface Greeter {
  greet(name: string): string;
  registerSuffix?(name: string, suffix: string): () => void;
}

/** A recording greeter: which suffixes are attached to it right now, in attach order. */
export function createGreeter(id: string, options: { supportsSuffixes?: boolean } = {}) {
  const suffixes = new Map<string, string>();
  const attachLog: string[] = [];
  const greeter: Greeter = {
    greet: (name) => `${id}: hello ${name}${[...suffixes.values()].join('')}`,
  };
  if (options.supportsSuffixes !== false) {
    greeter.registerSuffix = (name, suffix) => {
      attachLog.push(`attach ${name}`);
      suffixes.set(name, suffix);
      return () => {
        attachLog.push(`detach ${name}`);
        if (suffixes.get(name) === suffix) suffixes.delete(name);
      };
    };
  }
  return { greeter, suffixes, attachLog };
}

/** The business handle of the greeter service: registrations go through a registrar. */
export interface BoundGreeter {
  greet(name: string): string;
  registerSuffix(name: string, suffix: string): () => void;
}

export const suffixRegistrar: Registrar<Greeter, [string]> = {
  id: 'greeter:suffix',
  attach: (service, { name, owner, args: [suffix] }) =>
    service.registerSuffix?.(name, owner === undefined ? suffix : `${suffix}@${owner.instanceId}`),
};

/** A service whose handle forwards `greet` and registers suffixes through the registrar. */
export const greeterService: ServiceDescriptor<Greeter, BoundGreeter> = defineService<Greeter, BoundGreeter>({
  name: 'test-greeter',
  bind: (context) => ({
    greet: (name) => context.current().greet(name),
    registerSuffix: (name, suffix) => context.register(suffixRegistrar, name, suffix),
  }),
});

/** A plain forwarding service. */
export const plainGreeter: ServiceDescriptor<Greeter> = defineService<Greeter>({
  name: 'test-plain-greeter',
});

/** An onError that records instead of printing. */
export function recordErrors() {
  const errors: CoreError[] = [];
  return { errors, onError: (error: unknown) => errors.push(error as CoreError) };
}
