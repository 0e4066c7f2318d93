import type { SessionSettings } from './session-settings';

/**
 * Why a patch of the built-in session settings would be refused, or `undefined` when it is
 * valid: `model` a non-empty model reference, `deepThinking` a boolean, `maxToolIterations` and
 * `historyLimit` whole numbers ≥ 0 ([SET-2], [USG-6]). Fields other plugins add are not checked.
 * A session manager's `updateSettings` throws `SessionSettingsRefusedError` with this as the
 * reason ([SET-1]).
 */
export function sessionSettingsProblem(patch: Partial<SessionSettings>): string | undefined {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch))
    return 'the patch must be an object';
  if (patch.model !== undefined && (typeof patch.model !== 'string' || patch.model.trim() === '')) {
    return 'model must be a non-empty model reference';
  }
  if (patch.deepThinking !== undefined && typeof patch.deepThinking !== 'boolean') {
    return 'deepThinking must be true or false';
  }
  for (const key of ['maxToolIterations', 'historyLimit'] as const) {
    const value = patch[key];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      return `${key} must be a whole number >= 0`;
    }
  }
  return undefined;
}
