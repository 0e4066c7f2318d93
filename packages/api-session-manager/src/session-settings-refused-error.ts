import { SessionManagerError } from './session-manager-error';

/**
 * `SESSION_SETTINGS_REFUSED`: the settings write was refused (read-only session, invalid
 * value, storage failure in `cause`) ([SET-1]).
 */
export class SessionSettingsRefusedError extends SessionManagerError {
  declare readonly code: 'SESSION_SETTINGS_REFUSED';

  constructor(sessionId: string, options: { readonly reason: string; readonly cause?: unknown }) {
    super({
      code: 'SESSION_SETTINGS_REFUSED',
      sessionId,
      message: `settings of session ${sessionId} refused: ${options.reason}`,
      cause: options.cause,
    });
    this.name = 'SessionSettingsRefusedError';
  }

  /** Whether `value` is a `SessionSettingsRefusedError`, from any installed copy. */
  static override isInstance(value: unknown): value is SessionSettingsRefusedError {
    return SessionManagerError.isInstance(value) && value.code === 'SESSION_SETTINGS_REFUSED';
  }
}
