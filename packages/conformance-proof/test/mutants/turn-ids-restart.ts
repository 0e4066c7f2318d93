import type { AgentFactory } from '@aalis/agent-conformance';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [TID-1]: turn ids are a running count (`turn-1`, `turn-2`, …) that starts over when
 * history is cleared, so the first turn after a clear gets the id of a turn already archived.
 */
export const turnIdsRestart: AgentFactory = (harness) => {
  let count = 0;
  return buildPluginAgent(harness, {
    config: (config) => ({
      ...config,
      createTurnId: () => {
        count += 1;
        return `turn-${count}`;
      },
    }),
    service: (agent) =>
      override(agent, {
        clearing: async (...args: Parameters<typeof agent.clearing>) => {
          await agent.clearing(...args);
          count = 0;
        },
      }),
  });
};
