import { describeCause } from './describe-cause';
import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/** `TURN_FAILED`: any other failure inside the turn (a bug, a bad model capability figure, …). */
export class TurnFailedError extends ToolLoopError {
  /** The stable code of this error. */
  static override readonly code = 'TURN_FAILED';
  declare readonly code: 'TURN_FAILED';

  constructor(options: Omit<ToolLoopErrorOptions, 'code'> = {}) {
    super(`the turn failed: ${describeCause(options.cause)}`, { ...options, code: TurnFailedError.code });
  }
}
