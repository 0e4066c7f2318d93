import type { AgentFactory } from '@aalis/agent-conformance';
import type { AgentAbortOptions } from '@aalis/api-agent';
import type { MessageArchiveService, MessageDraft } from '@aalis/api-message-archive';
import { WellKnownKinds } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ABT-5]: the stop marker tells the next turn's model why the turn was stopped, so the
 * abort `reason` (meant for the turn-end log line only) is stored in history.
 */
export const reasonInStopMarker: AgentFactory = (harness) => {
  const reasons = new Map<string, string>();
  return buildPluginAgent(harness, {
    collaborators: (own) => ({
      ...own,
      archive: own.archive === undefined ? undefined : explainStops(own.archive, reasons),
    }),
    service: (agent) =>
      override(agent, {
        abort: (sessionId: string, options?: AgentAbortOptions) => {
          if (options?.reason !== undefined) reasons.set(sessionId, options.reason);
          return agent.abort(sessionId, options);
        },
      }),
  });
};

function explainStops(
  archive: MessageArchiveService,
  reasons: ReadonlyMap<string, string>,
): MessageArchiveService {
  return override(archive, {
    append: (sessionId: string, messages: readonly MessageDraft[]) => {
      const reason = reasons.get(sessionId);
      const explained = messages.map((message) =>
        message.kind === WellKnownKinds.TurnStopped && reason !== undefined
          ? { ...message, content: `${message.content} (${reason})` }
          : message,
      );
      return archive.append(sessionId, explained);
    },
  });
}
