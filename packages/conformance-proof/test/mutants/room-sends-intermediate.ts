import type { AgentFactory } from '@aalis/agent-conformance';
import type { SessionInfo } from '@aalis/api-session-manager';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ARC-5]: the agent does not apply the room rule. It takes every room for a console
 * session, so text said before tool calls and versions dropped by format retries are handed
 * to the platform too.
 */
export const roomSendsIntermediate: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => {
      const sessions = own.sessions;
      if (sessions === undefined) return own;
      const getSession = (sessionId: string): SessionInfo | undefined => {
        const info = sessions.getSession(sessionId);
        return info?.kind === 'room' ? { ...info, kind: 'console' } : info;
      };
      return { ...own, sessions: override(sessions, { getSession }) };
    },
  });
