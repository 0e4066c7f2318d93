import type { AgentFactory } from '@aalis/agent-conformance';
import type { AgentAbortOptions } from '@aalis/api-agent';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ABT-2]: `abort` drops the `turnId` it was given, so an abort meant for an ended or
 * replaced turn stops whatever turn runs now (and releases the queue with `queued`).
 */
export const ignoreTurnIdGuard: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    service: (agent) =>
      override(agent, {
        abort: (sessionId: string, options?: AgentAbortOptions) => {
          const { turnId: _ignored, ...rest } = options ?? {};
          return agent.abort(sessionId, rest);
        },
      }),
  });
