import { SessionManagerError } from './session-manager-error';

/** `SESSION_SETTINGS_NOT_FOUND`: the session has no settings to write to ([SET-1]). */
export class SessionSettingsNotFoundError extends SessionManagerError {
  /** The stable code of this error. */
  static override readonly code = 'SESSION_SETTINGS_NOT_FOUND';
  declare readonly code: 'SESSION_SETTINGS_NOT_FOUND';

  constructor(sessionId: string) {
    super(`session ${sessionId} has no settings`, { code: SessionSettingsNotFoundError.code, sessionId });
  }
}
