import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/**
 * `TURN_ABORTED`: the turn's signal aborted while the loop waited ([ABT-1]). The loop turns
 * it into outcome `aborted`; it never reaches the caller of `runToolLoop`.
 */
export class TurnAbortedError extends ToolLoopError {
  /** The stable code of this error. */
  static readonly code = 'TURN_ABORTED';
  declare readonly code: 'TURN_ABORTED';

  constructor(options: ToolLoopErrorOptions = {}) {
    super(TurnAbortedError.code, 'the turn was aborted', options);
    this.name = 'TurnAbortedError';
  }

  /** Whether `value` is a `TurnAbortedError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is TurnAbortedError {
    return ToolLoopError.isInstance(value) && value.code === TurnAbortedError.code;
  }
}
