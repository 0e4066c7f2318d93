import type { Message, TextRef, TurnOutcome } from '@aalis/schema-message';
import type { TurnInput } from './turn-input';

/**
 * `agent:turn:after` — a turn ended, on all four exit paths ([HK-8], [OUT-1]); not fired for
 * a turn blocked at `agent:turn:before`. The turn record is already persisted ([ARC-8]).
 */
export interface AgentTurnAfterPayload {
  /** The same array as `agent:turn:before`'s `inputs`. */
  readonly inputs: readonly TurnInput[];
  /** The persisted final reply on outcome `replied`; `undefined` otherwise ([OUT-1]). */
  readonly reply: Message | undefined;
  readonly outcome: TurnOutcome;
  /**
   * Only on outcome `error`: one sentence, the `[错误]` notice sent to the session or the
   * `[系统]` notice when no model could be resolved ([OUT-2]). The session manager records it
   * in `SessionInfo.lastTurn`.
   */
  readonly error?: string | TextRef;
  readonly sessionId: string;
  readonly turnId: string;
}
