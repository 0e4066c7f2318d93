import type { AgentFactory } from '@aalis/agent-conformance';
import type { MessageArchiveService, MessageDraft } from '@aalis/api-message-archive';
import type { EventBus, EventMap, EventName } from '@aalis/core';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [ARC-2]: a tool call that failed before executing (unknown tool, unparsable
 * arguments, blocked by a hook) is persisted without its `callId`; only calls that reached
 * `tool:execute` keep theirs.
 */
export const failedCallWithoutCallId: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => {
      const executed = new Set<string>();
      return {
        ...own,
        events: recordExecuted(own.events, executed),
        archive: own.archive === undefined ? undefined : forgetUnexecuted(own.archive, executed),
      };
    },
  });

function recordExecuted(events: EventBus, executed: Set<string>): EventBus {
  const emit = <TName extends EventName>(name: TName, payload: EventMap[TName]): Promise<void> => {
    if (name === 'tool:execute') executed.add((payload as EventMap['tool:execute']).toolCallContext.callId);
    return events.emit(name, payload);
  };
  return override(events, { emit });
}

function forgetUnexecuted(
  archive: MessageArchiveService,
  executed: ReadonlySet<string>,
): MessageArchiveService {
  const withoutCallId = (message: MessageDraft): MessageDraft => {
    const callId = message.metadata?.[Keys.CallId];
    if (message.role !== 'tool' || typeof callId !== 'string' || executed.has(callId)) return message;
    const { [Keys.CallId]: _dropped, ...metadata } = message.metadata ?? {};
    return { ...message, metadata };
  };
  return override(archive, {
    append: (sessionId: string, messages: readonly MessageDraft[]) =>
      archive.append(sessionId, messages.map(withoutCallId)),
  });
}
