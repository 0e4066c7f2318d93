import type { TurnInput } from '@aalis/api-agent';
import type { MessageSource } from '@aalis/schema-message';

/** The running turn the loop is the body of. */
export interface ToolLoopTurn {
  /** The turn's id, carried by every event, hook, tool call and persisted message ([TID-2]). */
  readonly turnId: string;
  readonly sessionId: string;
  /**
   * The turn's live inputs (the array of `agent:turn:before`), opening inputs already
   * archived. `takePendingInsertions` appends the insertions to it before the model call that
   * sees them ([SCH-2]); the loop itself never changes it.
   */
  readonly inputs: TurnInput[];
  /** Aborts when the turn is stopped: no model or tool call starts after it ([ABT-1]). */
  readonly signal: AbortSignal;
  /**
   * Aborts once the writes still in flight after the stop may be abandoned: the stop's grace
   * time passed ([LIV-1]). A store that hangs then cannot hold the stopped turn. Absent: a
   * write is waited for to its end.
   */
  readonly graceSignal?: AbortSignal;
  /**
   * Takes the human inputs that arrived for this turn since the last call (the scheduler's
   * pending insertions) and appends them to `inputs`: the scheduler owns the live array
   * (turn-scheduler's `Turn` does both). Called before every model call ([SCH-2]). Absent:
   * none ever join.
   */
  takePendingInsertions?(): readonly TurnInput[];
  /** The source of the turn's inputs (`IncomingMessage.source`); absent for a human turn ([HK-3]). */
  readonly source?: MessageSource;
}
