import { CoreError } from './core-error';
import { describeCause } from './describe-cause';

/** Options of {@link PluginDisposeError}. */
export interface PluginDisposeErrorOptions {
  /** The plugin instance (or `app`) whose cleanup failed. */
  readonly instanceId: string;
  readonly cause: unknown;
}

/**
 * A cleanup callback (`onDispose`, the function `apply` returned, or a withdrawal) threw
 * or rejected while a plugin deactivated (code `PLUGIN_DISPOSE_FAILED`). The other
 * cleanups still run; the error is reported to the app's `onError`.
 */
export class PluginDisposeError extends CoreError {
  static override readonly code = 'PLUGIN_DISPOSE_FAILED';
  readonly instanceId: string;

  constructor(options: PluginDisposeErrorOptions) {
    super(`A cleanup of "${options.instanceId}" failed: ${describeCause(options.cause)}`, {
      code: PluginDisposeError.code,
      cause: options.cause,
    });
    this.instanceId = options.instanceId;
  }
}
