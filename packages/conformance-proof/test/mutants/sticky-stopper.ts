import type { AgentFactory } from '@aalis/agent-conformance';
import type { AgentAbortOptions } from '@aalis/api-agent';
import type { MessageActor } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ABT-6]: the agent remembers who last stopped a session and names that person for
 * every later stop of the session that comes without `by` (a shutdown, a clear, a mute), as
 * if `by` were a setting of the session rather than of one abort.
 */
export const stickyStopper: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    service: (agent) => {
      const lastStopper = new Map<string, MessageActor>();
      return override(agent, {
        abort: (sessionId: string, options?: AgentAbortOptions) => {
          if (options?.by !== undefined) lastStopper.set(sessionId, options.by);
          const by = options?.by ?? lastStopper.get(sessionId);
          return agent.abort(sessionId, by === undefined ? options : { ...options, by });
        },
      });
    },
  });
