import type { SessionKind } from '@aalis/api-session-manager';
import type { GroupReference, SelfIdentity, SessionType } from '@aalis/schema-message';

/** The session settings a turn runs with ([SET-2]). */
export interface ToolLoopSettings {
  /**
   * How many model responses with tool calls the turn executes; when reached, one last call
   * is made without tools and asks for an answer. `0`: tools are never offered.
   */
  readonly maxToolIterations: number;
  /** The history count limit: at most this many history messages are sent; `0` = none ([USG-6]). */
  readonly historyLimit: number;
  /** Deep thinking on or off, passed to every model call. */
  readonly deepThinking: boolean;
}

/** What the loop needs to know about the turn's session. */
export interface ToolLoopSession {
  /**
   * The session kind. In `room` sessions only the turn's last reply is handed to the platform
   * ([ARC-5]); in the others each assistant text goes out when it is said.
   */
  readonly kind: SessionKind;
  /** The platform of the turn; default: the first input's `platform`. */
  readonly platform?: string;
  /** The assistant's own identity on that platform, recorded on the final reply ([ARC-3]). */
  readonly selfIdentity?: SelfIdentity;
  /** The group of the turn; default: from the first input's `groupId` and `groupName`. */
  readonly group?: GroupReference;
  /** Group or private conversation; default: the first input's `sessionType`. */
  readonly sessionType?: SessionType;
  readonly settings: ToolLoopSettings;
}
