import type { AgentFactory } from '@aalis/agent-conformance';
import type { MessageArchiveService, MessageDraft, MetadataPatch } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys, type Message } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ARC-8]: the turn record goes on the first reply the turn persisted instead of the
 * last one, so a turn whose format retry dropped a version records its outcome on the
 * dropped draft.
 */
export const recordOnFirstReply: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({
      ...own,
      archive: own.archive === undefined ? undefined : recordOnFirst(own.archive),
    }),
  });

function isReply(message: Message): boolean {
  return message.role === 'assistant' && (message.toolCalls?.length ?? 0) === 0 && message.kind === undefined;
}

function recordOnFirst(archive: MessageArchiveService): MessageArchiveService {
  const firstReplyOfTurn = new Map<string, string>();
  const turnOfReply = new Map<string, string>();
  return override(archive, {
    append: async (sessionId: string, messages: readonly MessageDraft[]) => {
      const stored = await archive.append(sessionId, messages);
      for (const message of stored.filter(isReply)) {
        const turnId = message.metadata[Keys.TurnId];
        if (typeof turnId !== 'string') continue;
        turnOfReply.set(message.id, turnId);
        if (!firstReplyOfTurn.has(turnId)) firstReplyOfTurn.set(turnId, message.id);
      }
      return stored;
    },
    updateMetadata: (messageId: string, patch: MetadataPatch) => {
      const turnId = turnOfReply.get(messageId);
      const first = turnId === undefined ? undefined : firstReplyOfTurn.get(turnId);
      const target = patch[Keys.TurnRecord] === undefined || first === undefined ? messageId : first;
      return archive.updateMetadata(target, patch);
    },
  });
}
