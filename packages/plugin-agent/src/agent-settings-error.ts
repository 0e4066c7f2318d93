import { AgentError } from './agent-error';

/** `AGENT_SETTINGS_UNAVAILABLE`: session settings cannot be written because no session manager is present ([SET-1]). */
export class AgentSettingsError extends AgentError {
  static override readonly code = 'AGENT_SETTINGS_UNAVAILABLE';

  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, { ...options, code: AgentSettingsError.code });
  }
}
