import { SessionManagerError } from './session-manager-error';

/** `SESSION_SETTINGS_NOT_FOUND`: the session has no settings to write to ([SET-1]). */
export class SessionSettingsNotFoundError extends SessionManagerError {
  declare readonly code: 'SESSION_SETTINGS_NOT_FOUND';

  constructor(sessionId: string) {
    super({ code: 'SESSION_SETTINGS_NOT_FOUND', sessionId, message: `session ${sessionId} has no settings` });
    this.name = 'SessionSettingsNotFoundError';
  }

  /** Whether `value` is a `SessionSettingsNotFoundError`, from any installed copy. */
  static override isInstance(value: unknown): value is SessionSettingsNotFoundError {
    return SessionManagerError.isInstance(value) && value.code === 'SESSION_SETTINGS_NOT_FOUND';
  }
}
