import { describeCause } from './describe-cause';
import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/** `MODEL_CALL_FAILED`: the model call rejected (not through the turn's abort); `cause` is why. */
export class ModelCallError extends ToolLoopError {
  /** The stable code of this error. */
  static override readonly code = 'MODEL_CALL_FAILED';
  declare readonly code: 'MODEL_CALL_FAILED';

  constructor(options: Omit<ToolLoopErrorOptions, 'code'> = {}) {
    super(`the model call failed: ${describeCause(options.cause)}`, {
      ...options,
      code: ModelCallError.code,
    });
  }
}
