import { describeCause } from './describe-cause';
import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/** `TURN_FAILED`: any other failure inside the turn (a bug, a bad model capability figure, …). */
export class TurnFailedError extends ToolLoopError {
  /** The stable code of this error. */
  static readonly code = 'TURN_FAILED';
  declare readonly code: 'TURN_FAILED';

  constructor(options: ToolLoopErrorOptions = {}) {
    super(TurnFailedError.code, `the turn failed: ${describeCause(options.cause)}`, options);
    this.name = 'TurnFailedError';
  }

  /** Whether `value` is a `TurnFailedError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is TurnFailedError {
    return ToolLoopError.isInstance(value) && value.code === TurnFailedError.code;
  }
}
