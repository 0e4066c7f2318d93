import type { Message, TextRef, TurnOutcome } from '@aalis/schema-message';

/**
 * How a turn ended ([OUT-1]): the one shape the agent's turn body, its tool loop and the
 * `agent:turn:after` payload share, so a result travels from the loop to the hook unchanged.
 */
export interface TurnEnding {
  readonly outcome: TurnOutcome;
  /** The persisted final reply on outcome `replied`; `undefined` otherwise ([OUT-1]). */
  readonly reply: Message | undefined;
  /**
   * Only on outcome `error`: one sentence, the `[错误]` notice sent to the session or the
   * `[系统]` notice when no model could be resolved ([OUT-2]). The session manager records it
   * in `SessionInfo.lastTurn`.
   */
  readonly error?: string | TextRef;
}
