import { describeCause } from './describe-cause';
import { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';

/** `PERSISTENCE_FAILED`: a write to or read from the archive failed; `cause` is why. */
export class PersistenceError extends ToolLoopError {
  /** The stable code of this error. */
  static override readonly code = 'PERSISTENCE_FAILED';
  declare readonly code: 'PERSISTENCE_FAILED';
  /** What was being done: `archiveJoined`, `persistToolGroup`, `persistReply`, `history`, … */
  readonly operation: string;
  /** Whether the failing operation read the archive (`history`, `countHistory`) or wrote to it. */
  readonly access: 'read' | 'write';

  constructor(
    options: Omit<ToolLoopErrorOptions, 'code'> & {
      readonly operation: string;
      readonly access?: 'read' | 'write';
    },
  ) {
    super(`${options.operation} failed: ${describeCause(options.cause)}`, {
      ...options,
      code: PersistenceError.code,
    });
    this.operation = options.operation;
    this.access = options.access ?? 'write';
  }
}
