import type { AgentFactory } from '@aalis/agent-conformance';
import type { SessionSettings } from '@aalis/api-session-manager';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [SET-2]: the agent reads a session's settings once, at its first turn, and keeps
 * them, so a model assigned (or any setting changed) later never reaches the session's turns.
 */
export const settingsReadOnce: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => {
      const sessions = own.sessions;
      if (sessions === undefined) return own;
      const first = new Map<string, SessionSettings | undefined>();
      const getSettings = (sessionId: string) => {
        if (!first.has(sessionId)) first.set(sessionId, sessions.getSettings(sessionId));
        return first.get(sessionId);
      };
      return { ...own, sessions: override(sessions, { getSettings }) };
    },
  });
