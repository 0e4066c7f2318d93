import type { AgentFactory } from '@aalis/agent-conformance';
import type { MessageArchiveService, MessageDraft } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ARC-9]: every aborted turn gets a stop marker, also one with nothing of its own in
 * history (an idle-trigger turn stopped in its first model call). When the event marker of an
 * aborted turn comes without a stop marker before it, the archive writes one first, so the
 * next model reads of a stop in a turn it cannot see.
 */
export const stopMarkerAlways: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({
      ...own,
      archive: own.archive === undefined ? undefined : markEveryStop(own.archive),
    }),
  });

function markEveryStop(archive: MessageArchiveService): MessageArchiveService {
  const marked = new Set<unknown>();
  return override(archive, {
    append: async (sessionId: string, messages: readonly MessageDraft[]) => {
      const drafts: MessageDraft[] = [];
      const added = new Set<number>();
      for (const message of messages) {
        const turnId = message.metadata?.[Keys.TurnId];
        if (message.kind === WellKnownKinds.TurnStopped) marked.add(turnId);
        const aborted = message.metadata?.[Keys.TurnRecord]?.outcome === 'aborted';
        if (message.kind === WellKnownKinds.EventMarker && aborted && !marked.has(turnId)) {
          added.add(drafts.length);
          drafts.push({
            role: 'system',
            kind: WellKnownKinds.TurnStopped,
            content: 'The previous turn was stopped before it finished.',
            metadata: { [Keys.TurnId]: turnId as string },
          });
        }
        drafts.push(message);
      }
      const stored = await archive.append(sessionId, drafts);
      // The agent gets back what it asked to store, without the marker slipped in.
      return stored.filter((_message, index) => !added.has(index));
    },
  });
}
