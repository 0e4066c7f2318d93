export { capabilities } from './capabilities.js';
export { createMinimalAgent } from './minimal-agent.js';
export { type MinimalAgentConfig, minimalAgentPlugin } from './plugin.js';
export type { MinimalAgentServices } from './services.js';
