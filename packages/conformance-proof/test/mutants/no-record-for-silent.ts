import type { AgentFactory } from '@aalis/agent-conformance';
import type { MessageArchiveService, MessageDraft } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ARC-8]: a silent turn (the model answered nothing) persists no event marker, so
 * history loses that turn's outcome and source.
 */
export const noRecordForSilent: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({
      ...own,
      archive: own.archive === undefined ? undefined : dropSilentRecords(own.archive),
    }),
  });

function isSilentMarker(message: MessageDraft): boolean {
  return (
    message.kind === WellKnownKinds.EventMarker &&
    (message.metadata?.[Keys.TurnRecord] as { outcome?: unknown } | undefined)?.outcome === 'silent'
  );
}

function dropSilentRecords(archive: MessageArchiveService): MessageArchiveService {
  return override(archive, {
    append: async (sessionId: string, messages: readonly MessageDraft[]) => {
      const kept = messages.filter((message) => !isSilentMarker(message));
      return kept.length === 0 ? [] : archive.append(sessionId, kept);
    },
  });
}
