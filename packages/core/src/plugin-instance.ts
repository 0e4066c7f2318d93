/**
 * Where a loaded plugin instance stands:
 * - `pending`: waiting for a required service to have a provider;
 * - `activating`: its `apply` returned a promise that has not settled;
 * - `active`: applied;
 * - `failed`: `apply` threw or rejected (see `error`); it is not retried;
 * - `disposed`: unloaded for good.
 */
export type PluginState = 'pending' | 'activating' | 'active' | 'failed' | 'disposed';

/** A plugin loaded into an app. */
export interface PluginInstance {
  /** Unique in the app, e.g. `@acme/plugin-example#1`. */
  readonly id: string;
  readonly pluginName: string;
  readonly state: PluginState;
  /** The `PluginApplyError` of a `failed` instance, else `undefined`. */
  readonly error: unknown;
  /**
   * Unloads the instance: ends its activation (withdrawing everything it registered) and
   * resolves once its cleanups settled. Idempotent; never rejects (cleanup failures go to
   * the app's `onError`).
   */
  dispose(): Promise<void>;
}
