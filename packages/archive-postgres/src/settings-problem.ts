import type { SessionSettings } from '@aalis/api-session-manager';

/** Why a settings patch is refused, or `undefined` when it is valid ([SET-1], [SET-2]). Not public API. */
export function settingsProblem(patch: Partial<SessionSettings>): string | undefined {
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
