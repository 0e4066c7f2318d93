import type { PluginOwner } from './plugin-owner';
import type { ServiceDescriptor } from './service-descriptor';

/** Options of `PluginContext.provide` and `App.provide`. */
export interface ProvideOptions {
  /**
   * The provider's name, unique per service: `app.select` uses it. Defaults to the plugin
   * instance id (for `app.provide`: `app`).
   */
  readonly name?: string;
}

/** The second argument of a plugin's `apply`: what belongs to this activation. */
export interface PluginContext<TConfig> {
  /** The configuration the plugin was loaded with. */
  readonly config: TConfig;
  /** This instance's identity. */
  readonly owner: PluginOwner;
  /** Aborted when this activation ends (deactivation, dispose, app stop). */
  readonly signal: AbortSignal;
  /**
   * Makes `implementation` a provider of the service. The first provider of a service
   * becomes current unless the app selected another by name. Withdrawn when the plugin
   * deactivates, or by the returned function. Throws `ProviderNameTakenError` when the
   * name is in use. After this activation ended it registers nothing.
   */
  provide<TService extends object>(
    descriptor: ServiceDescriptor<TService, object>,
    implementation: TService,
    options?: ProvideOptions,
  ): () => void;
  /**
   * Runs `callback` when this activation ends, after the cleanups registered later (last
   * in, first out); a returned promise is awaited by `instance.dispose()` and
   * `app.settled()`. Registered after the activation ended, it runs at once.
   */
  onDispose(callback: () => void | Promise<void>): void;
}
