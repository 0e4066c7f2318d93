import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/**
 * `MODEL_UNAVAILABLE`: no model could be resolved for the turn; the turn ends with the
 * `[系统]` notice ([OUT-2]).
 */
export class ModelUnavailableError extends ToolLoopError {
  /** The stable code of this error. */
  static override readonly code = 'MODEL_UNAVAILABLE';
  declare readonly code: 'MODEL_UNAVAILABLE';

  constructor(options: Omit<ToolLoopErrorOptions, 'code'> = {}) {
    super('no model could be resolved for the turn', { ...options, code: ModelUnavailableError.code });
  }
}
