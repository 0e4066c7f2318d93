export type { AgentConfig, ResolvedAgentConfig } from './agent-config';
export { resolveAgentConfig } from './agent-config';
export type { AgentDependencies } from './agent-dependencies';
export { AgentError } from './agent-error';
export { type AgentLogger, consoleAgentLogger } from './agent-logger';
export { agentPlugin } from './agent-plugin';
export { AgentSettingsError } from './agent-settings-error';
export { createAgentService, type DefaultAgentService } from './create-agent-service';
