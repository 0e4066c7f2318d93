import { describeCause } from './describe-cause';
import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/**
 * `HOOK_RUN_FAILED`: running a hook rejected (e.g. no hooks provider). A middleware that
 * throws is not this: the hook runner isolates it and the turn goes on.
 */
export class HookRunError extends ToolLoopError {
  /** The stable code of this error. */
  static override readonly code = 'HOOK_RUN_FAILED';
  declare readonly code: 'HOOK_RUN_FAILED';
  /** The hook that failed to run. */
  readonly hookName: string;

  constructor(options: Omit<ToolLoopErrorOptions, 'code'> & { readonly hookName: string }) {
    super(`hook ${options.hookName} failed: ${describeCause(options.cause)}`, {
      ...options,
      code: HookRunError.code,
    });
    this.hookName = options.hookName;
  }
}
