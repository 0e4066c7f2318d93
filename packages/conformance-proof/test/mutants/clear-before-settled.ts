import type { AgentFactory } from '@aalis/agent-conformance';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [CLR-1]: `clearing` tells the sessions' turns to stop and runs `clear()` at once,
 * without waiting for the stopped turns to settle, so what they still write (records, stop
 * markers) lands after the history was cleared.
 */
export const clearBeforeSettled: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    service: (agent) =>
      override(agent, {
        clearing: (
          sessionIds: readonly string[] | undefined,
          clear: () => Promise<unknown>,
          reason?: string,
        ) => {
          for (const sessionId of sessionIds ?? []) agent.abort(sessionId);
          const cleared = clear();
          // Awaited inside the hold below; marked handled now so a rejection is not reported early.
          cleared.catch(() => undefined);
          return agent.clearing(sessionIds, () => cleared, reason);
        },
      }),
  });
