import type { AgentFactory } from '@aalis/agent-conformance';
import type { IncomingMessage } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [SCH-1]: every new input first aborts the running turn of its session, as if a new
 * message were a stop key.
 */
export const interruptRunningTurn: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    service: (agent) =>
      override(agent, {
        handleMessage: (message: IncomingMessage) => {
          const sessionId: unknown = (message as Partial<IncomingMessage> | undefined)?.sessionId;
          if (typeof sessionId === 'string') agent.abort(sessionId);
          return agent.handleMessage(message);
        },
      }),
  });
