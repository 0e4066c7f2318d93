import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/**
 * `TURN_ABORTED`: the turn's signal aborted while the loop waited ([ABT-1]). The loop turns
 * it into outcome `aborted`; it never reaches the caller of `runToolLoop`.
 */
export class TurnAbortedError extends ToolLoopError {
  /** The stable code of this error. */
  static override readonly code = 'TURN_ABORTED';
  declare readonly code: 'TURN_ABORTED';

  constructor(options: Omit<ToolLoopErrorOptions, 'code'> = {}) {
    super('the turn was aborted', { ...options, code: TurnAbortedError.code });
  }
}
