import { describeCause } from './describe-cause';
import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/**
 * `HOOK_RUN_FAILED`: running a hook rejected (e.g. no hooks provider). A middleware that
 * throws is not this: the hook runner isolates it and the turn goes on.
 */
export class HookRunError extends ToolLoopError {
  /** The stable code of this error. */
  static readonly code = 'HOOK_RUN_FAILED';
  declare readonly code: 'HOOK_RUN_FAILED';
  /** The hook that failed to run. */
  readonly hookName: string;

  constructor(options: ToolLoopErrorOptions & { readonly hookName: string }) {
    super(HookRunError.code, `hook ${options.hookName} failed: ${describeCause(options.cause)}`, options);
    this.name = 'HookRunError';
    this.hookName = options.hookName;
  }

  /** Whether `value` is a `HookRunError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is HookRunError {
    return ToolLoopError.isInstance(value) && value.code === HookRunError.code;
  }
}
