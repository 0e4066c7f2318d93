import { describeCause } from './describe-cause';
import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/** `MODEL_CALL_FAILED`: the model call rejected (not through the turn's abort); `cause` is why. */
export class ModelCallError extends ToolLoopError {
  /** The stable code of this error. */
  static readonly code = 'MODEL_CALL_FAILED';
  declare readonly code: 'MODEL_CALL_FAILED';

  constructor(options: ToolLoopErrorOptions = {}) {
    super(ModelCallError.code, `the model call failed: ${describeCause(options.cause)}`, options);
    this.name = 'ModelCallError';
  }

  /** Whether `value` is a `ModelCallError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is ModelCallError {
    return ToolLoopError.isInstance(value) && value.code === ModelCallError.code;
  }
}
