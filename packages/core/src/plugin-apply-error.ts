import { CoreError } from './core-error';
import { describeCause } from './describe-cause';

/** Options of {@link PluginApplyError}. */
export interface PluginApplyErrorOptions {
  /** The plugin instance whose `apply` failed. */
  readonly instanceId: string;
  readonly cause: unknown;
}

/**
 * A plugin's `apply` threw or rejected (code `PLUGIN_APPLY_FAILED`). The instance is left
 * in state `failed`, with everything it had registered withdrawn; the error is reported to
 * the app's `onError` and kept on `instance.error`.
 */
export class PluginApplyError extends CoreError {
  static override readonly code = 'PLUGIN_APPLY_FAILED';
  readonly instanceId: string;

  constructor(options: PluginApplyErrorOptions) {
    super(`Plugin "${options.instanceId}" failed to apply: ${describeCause(options.cause)}`, {
      code: PluginApplyError.code,
      cause: options.cause,
    });
    this.instanceId = options.instanceId;
  }
}
