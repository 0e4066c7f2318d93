import type { AgentFactory } from '@aalis/agent-conformance';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [DEL-2]: the agent reads every session's generation as 0, so an input of a session
 * deleted while it waited (its generation changed) still reaches the queue and opens a turn.
 */
export const skipGenerationCheck: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({
      ...own,
      sessions: own.sessions === undefined ? undefined : override(own.sessions, { generationOf: () => 0 }),
    }),
  });
