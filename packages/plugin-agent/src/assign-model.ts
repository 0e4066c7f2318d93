import type { ModelRef } from '@aalis/api-llm';
import type { AgentContext } from './agent-context';
import { AgentSettingsError } from './agent-settings-error';

/**
 * Writes the session-level conversation model into the session's settings ([SET-1]).
 * Rejects with `AgentSettingsError` when there is no session manager, and passes on the
 * session manager's own error when the settings do not exist or the write is refused.
 */
export async function assignModel(context: AgentContext, sessionId: string, model: ModelRef): Promise<void> {
  if (typeof sessionId !== 'string' || sessionId.length === 0) {
    throw new TypeError('assignModel: sessionId must be a non-empty string');
  }
  if (typeof model !== 'string' || model.length === 0)
    throw new TypeError('assignModel: model must be a non-empty string');
  const sessions = context.deps.sessions;
  if (sessions === undefined) {
    throw new AgentSettingsError(`no session manager: the model of session ${sessionId} cannot be set`);
  }
  await sessions.updateSettings(sessionId, { model });
}
