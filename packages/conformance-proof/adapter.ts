import type { AdapterModule } from '@aalis/agent-conformance';
import {
  pluginAgentCapabilities,
  pluginAgentFactory,
  pluginAgentImplementation,
} from './test/plugin-agent-adapter';

/**
 * The adapter module of `agent-conformance run` for plugin-agent: the same factory,
 * capabilities and name as the vitest run (test/plugin-agent.conformance.test.ts). A
 * TypeScript module, so the CLI runs under tsx with the `@aalis/source` condition
 * (`npm run conformance:report`).
 */
const adapter: AdapterModule = {
  implementation: pluginAgentImplementation,
  factory: pluginAgentFactory,
  capabilities: pluginAgentCapabilities,
};

export default adapter;
