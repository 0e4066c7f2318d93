import type { AgentFactory } from '@aalis/agent-conformance';
import type { MessageArchiveService, MessageDraft } from '@aalis/api-message-archive';
import { type Message, WellKnownKinds } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ARC-9]: an aborted turn writes its turn record first and its stop marker after it,
 * instead of the stop marker before the record. The archive holds each stop marker back and
 * stores it behind the session's next write (the record's event marker).
 */
export const recordBeforeStopMarker: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({
      ...own,
      archive: own.archive === undefined ? undefined : stopMarkersLast(own.archive),
    }),
  });

function placeholder(sessionId: string, draft: MessageDraft, id: string): Message {
  return {
    id,
    sessionId,
    role: draft.role,
    content: draft.content,
    ...(draft.kind === undefined ? {} : { kind: draft.kind }),
    metadata: draft.metadata ?? {},
    createdAt: Date.now(),
  };
}

function stopMarkersLast(archive: MessageArchiveService): MessageArchiveService {
  const held = new Map<string, MessageDraft[]>();
  let count = 0;
  return override(archive, {
    append: async (sessionId: string, messages: readonly MessageDraft[]) => {
      if (messages.length > 0 && messages.every((message) => message.kind === WellKnownKinds.TurnStopped)) {
        held.set(sessionId, [...(held.get(sessionId) ?? []), ...messages]);
        return messages.map((draft) => placeholder(sessionId, draft, `held-stop-marker-${++count}`));
      }
      const behind = held.get(sessionId) ?? [];
      held.delete(sessionId);
      const stored = await archive.append(sessionId, [...messages, ...behind]);
      return stored.slice(0, messages.length);
    },
  });
}
