import type { AgentFactory } from '@aalis/agent-conformance';
import type { MessageArchiveService, MessageDraft } from '@aalis/api-message-archive';
import { WellKnownKinds } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

const ANONYMOUS_TEXT = '[System] The previous reply was stopped before it finished.';

/**
 * Breaks [ABT-6]: the stop marker records who stopped the turn in its metadata only; its
 * body, the part the next turn's model reads, says the same for every stop and names nobody.
 */
export const stopperOnlyInMetadata: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({
      ...own,
      archive: own.archive === undefined ? undefined : anonymousBodies(own.archive),
    }),
  });

function anonymousBodies(archive: MessageArchiveService): MessageArchiveService {
  const withoutName = (message: MessageDraft): MessageDraft =>
    message.kind === WellKnownKinds.TurnStopped ? { ...message, content: ANONYMOUS_TEXT } : message;
  return override(archive, {
    append: (sessionId: string, messages: readonly MessageDraft[]) =>
      archive.append(sessionId, messages.map(withoutName)),
  });
}
