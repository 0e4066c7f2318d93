import type { AgentFactory } from '@aalis/agent-conformance';
import { parseIncomingMessage } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [SVC-2]: `handleMessage` validates the input (so an invalid one still rejects) and
 * resolves at once, before the input's turn ran, instead of once the input settled.
 */
export const resolveEarly: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    service: (agent) =>
      override(agent, {
        handleMessage: async (message: unknown) => {
          const valid = parseIncomingMessage(message);
          agent.handleMessage(valid).catch(() => undefined);
        },
      }),
  });
