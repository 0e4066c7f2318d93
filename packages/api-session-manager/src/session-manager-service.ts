import type { SessionInfo } from './session-info';
import type { SessionSettings } from './session-settings';

/** The session manager: sessions, their generations and their settings. */
export interface SessionManagerService {
  /**
   * The session's current generation, a number that grows each time the session is deleted
   * (it may be reused afterwards). The agent reads it when an input arrives and again before
   * the input is queued; a change means the input belongs to a deleted generation ([DEL-2]).
   * Unknown sessions have a generation too.
   */
  generationOf(sessionId: string): number;
  /** What is known about a session, or `undefined`. */
  getSession(sessionId: string): SessionInfo | undefined;
  /** The session's settings, or `undefined` when the session has none. */
  getSettings(sessionId: string): SessionSettings | undefined;
  /**
   * Merges `patch` into the session's settings. Rejects with `SessionSettingsNotFoundError`
   * when the session has no settings and `SessionSettingsRefusedError` when the write is
   * refused ([SET-1]).
   */
  updateSettings(sessionId: string, patch: Partial<SessionSettings>): Promise<void>;
  /**
   * Deletes sessions, their child sessions at every level and their history, through
   * `deleteSessionFlow` (so the agent stops and holds them, [CLR-1], [DEL-1]).
   */
  deleteSessions(sessionIds: readonly string[]): Promise<void>;
}
