import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/**
 * `MODEL_UNAVAILABLE`: no model could be resolved for the turn; the turn ends with the
 * `[系统]` notice ([OUT-2]).
 */
export class ModelUnavailableError extends ToolLoopError {
  /** The stable code of this error. */
  static readonly code = 'MODEL_UNAVAILABLE';
  declare readonly code: 'MODEL_UNAVAILABLE';

  constructor(options: ToolLoopErrorOptions = {}) {
    super(ModelUnavailableError.code, 'no model could be resolved for the turn', options);
    this.name = 'ModelUnavailableError';
  }

  /** Whether `value` is a `ModelUnavailableError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is ModelUnavailableError {
    return ToolLoopError.isInstance(value) && value.code === ModelUnavailableError.code;
  }
}
