import type { AgentFactory } from '@aalis/agent-conformance';
import { buildPluginAgent } from '../support/build-plugin-agent';

/**
 * Breaks [ARC-3]: the agent knows one account of its own and records it on every final reply,
 * whatever the platform of the turn, as if a bot had one identity rather than one per platform.
 */
export const oneIdentityEverywhere: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    config: (config) => ({ ...config, selfIdentity: () => harness.selfIdentity('conformance') }),
  });
