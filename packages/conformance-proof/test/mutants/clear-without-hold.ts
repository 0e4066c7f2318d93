import type { AgentFactory } from '@aalis/agent-conformance';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [CLR-2]: `clearing` stops the turns and releases the waiting inputs, but runs
 * `clear()` only after the hold ended, so inputs arriving while `clear()` runs open turns at
 * once and what they reply can be erased by it.
 */
export const clearWithoutHold: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    service: (agent) =>
      override(agent, {
        clearing: async (
          sessionIds: readonly string[] | undefined,
          clear: () => Promise<unknown>,
          reason?: string,
        ) => {
          await agent.clearing(sessionIds, async () => undefined, reason);
          await clear();
        },
      }),
  });
