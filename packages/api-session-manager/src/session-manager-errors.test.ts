import { describe, expect, it } from 'vitest';
import { SessionManagerError, SessionSettingsNotFoundError, SessionSettingsRefusedError } from './index';

describe('session manager errors', () => {
  it('[SET-1] names the session whose settings are missing', () => {
    const error = new SessionSettingsNotFoundError('s1');
    expect(error.code).toBe('SESSION_SETTINGS_NOT_FOUND');
    expect(error.sessionId).toBe('s1');
    expect(error.message).toContain('s1');
  });

  it('[SET-1] says why a settings write was refused and keeps the cause', () => {
    const cause = new Error('read-only');
    const error = new SessionSettingsRefusedError('s1', { reason: 'session is archived', cause });
    expect(error.code).toBe('SESSION_SETTINGS_REFUSED');
    expect(error.message).toContain('session is archived');
    expect(error.cause).toBe(cause);
  });

  it('tells the error classes apart, across installed copies too', () => {
    expect(SessionManagerError.isInstance(new SessionSettingsNotFoundError('s'))).toBe(true);
    expect(SessionSettingsRefusedError.isInstance(new SessionSettingsNotFoundError('s'))).toBe(false);
    const foreign = Object.assign(new Error('x'), { code: 'SESSION_SETTINGS_REFUSED', sessionId: 's' });
    Object.defineProperty(foreign, Symbol.for('@aalis/api-session-manager/error'), { value: true });
    expect(SessionSettingsRefusedError.isInstance(foreign)).toBe(true);
    expect(SessionManagerError.isInstance(new Error('plain'))).toBe(false);
  });
});
