import { AgentError } from './agent-error';

/** `AGENT_SETTINGS_UNAVAILABLE`: session settings cannot be written because no session manager is present ([SET-1]). */
export class AgentSettingsError extends AgentError {
  static readonly code = 'AGENT_SETTINGS_UNAVAILABLE';

  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(AgentSettingsError.code, message, options);
    this.name = 'AgentSettingsError';
  }

  static override isInstance(value: unknown): value is AgentSettingsError {
    return AgentError.isInstance(value) && value.code === AgentSettingsError.code;
  }
}
