import type { TextRef, TurnOutcome } from '@aalis/schema-message';
import type { SessionKind } from './session-kind';

/** How the last turn of a session ended, as the session manager recorded it from `agent:turn:after`. */
export interface SessionLastTurn {
  readonly turnId: string;
  readonly outcome: TurnOutcome;
  /** Only for outcome `error`: the sentence of the notice ([OUT-2]). */
  readonly error?: string | TextRef;
  /** When the turn ended, in milliseconds since the epoch. */
  readonly at: number;
}

/** What the session manager knows about a session. */
export interface SessionInfo {
  readonly id: string;
  readonly kind: SessionKind;
  /** The platform of a `room`. */
  readonly platform?: string;
  /** The parent of a child session (e.g. a `subtask`). */
  readonly parentId?: string;
  readonly title?: string;
  /** When the session was created, in milliseconds since the epoch. */
  readonly createdAt?: number;
  /** The last turn; absent before the first one ended. */
  readonly lastTurn?: SessionLastTurn;
}
