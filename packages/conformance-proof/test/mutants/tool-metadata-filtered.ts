import type { AgentFactory } from '@aalis/agent-conformance';
import type { MessageArchiveService, MessageDraft } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

const REGISTERED = new Set<string>(Object.values(Keys));

/**
 * Breaks [ARC-4]: the registered-keys-only rule of the final reply is applied to tool results
 * too, so the metadata other plugins wrote in `agent:tool:after` is dropped before it is
 * stored.
 */
export const toolMetadataFiltered: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({
      ...own,
      archive: own.archive === undefined ? undefined : registeredKeysOnly(own.archive),
    }),
  });

function registeredKeysOnly(archive: MessageArchiveService): MessageArchiveService {
  const filtered = (message: MessageDraft): MessageDraft => {
    if (message.role !== 'tool' || message.metadata === undefined) return message;
    const kept = Object.entries(message.metadata).filter(([key]) => REGISTERED.has(key));
    return { ...message, metadata: Object.fromEntries(kept) };
  };
  return override(archive, {
    append: (sessionId: string, messages: readonly MessageDraft[]) =>
      archive.append(sessionId, messages.map(filtered)),
  });
}
