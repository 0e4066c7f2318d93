import type { PluginOwner } from './plugin-owner';

/** What a registrar attaches: the registration's name, who made it, and its arguments. */
export interface Registration<TArgs extends readonly unknown[]> {
  readonly name: string;
  /** The plugin instance that registered, filled in by the host; `undefined` for the app. */
  readonly owner: PluginOwner | undefined;
  readonly args: TArgs;
}

/**
 * How one kind of registration attaches to a provider. `attach` returns a function that
 * detaches it, or `undefined` when the provider does not support this kind of registration;
 * then nothing is attached until a supporting provider becomes current.
 */
export interface Registrar<TService extends object, TArgs extends readonly unknown[]> {
  /** A stable id, unique per service (e.g. `agent:preprocessor`). */
  readonly id: string;
  attach(service: TService, registration: Registration<TArgs>): (() => void) | undefined;
}
