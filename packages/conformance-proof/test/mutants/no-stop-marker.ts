import type { AgentFactory } from '@aalis/agent-conformance';
import type { MessageArchiveService, MessageDraft } from '@aalis/api-message-archive';
import { WellKnownKinds } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ARC-9]: an aborted turn that left inputs or tool calls in history persists no stop
 * marker, so the next turn's model sees inputs without replies and no word of the stop.
 */
export const noStopMarker: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({
      ...own,
      archive: own.archive === undefined ? undefined : dropStopMarkers(own.archive),
    }),
  });

function dropStopMarkers(archive: MessageArchiveService): MessageArchiveService {
  return override(archive, {
    append: async (sessionId: string, messages: readonly MessageDraft[]) => {
      const kept = messages.filter((message) => message.kind !== WellKnownKinds.TurnStopped);
      return kept.length === 0 ? [] : archive.append(sessionId, kept);
    },
  });
}
