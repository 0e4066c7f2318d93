import { SessionManagerError } from './session-manager-error';

/**
 * `SESSION_SETTINGS_REFUSED`: the settings write was refused (read-only session, invalid
 * value, storage failure in `cause`) ([SET-1]).
 */
export class SessionSettingsRefusedError extends SessionManagerError {
  /** The stable code of this error. */
  static override readonly code = 'SESSION_SETTINGS_REFUSED';
  declare readonly code: 'SESSION_SETTINGS_REFUSED';

  constructor(sessionId: string, options: { readonly reason: string; readonly cause?: unknown }) {
    super(`settings of session ${sessionId} refused: ${options.reason}`, {
      code: SessionSettingsRefusedError.code,
      sessionId,
      cause: options.cause,
    });
  }
}
