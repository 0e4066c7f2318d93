import type { AgentFactory } from '@aalis/agent-conformance';
import type { TokenUsageEvent } from '@aalis/api-agent';
import type { ArchiveIncomingOptions, MessageArchiveService } from '@aalis/api-message-archive';
import type { EventBus, EventMap, EventName } from '@aalis/core';
import type { IncomingMessage } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [USG-5]: `historyMessages` counts the history at turn start and the tool calls and
 * results the turn appended, but not the inputs that joined the turn, though they are
 * appended to its list like them.
 */
export const joinedNotCounted: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => {
      const joined = new Map<string, number>();
      return {
        ...own,
        events: uncountJoined(own.events, joined),
        archive: own.archive === undefined ? undefined : countJoined(own.archive, joined),
      };
    },
  });

function countJoined(archive: MessageArchiveService, joined: Map<string, number>): MessageArchiveService {
  return override(archive, {
    archiveIncoming: (message: IncomingMessage, options?: ArchiveIncomingOptions) => {
      if (options?.entry === 'joined' && options.turnId !== undefined)
        joined.set(options.turnId, (joined.get(options.turnId) ?? 0) + 1);
      return archive.archiveIncoming(message, options);
    },
  });
}

function uncountJoined(events: EventBus, joined: ReadonlyMap<string, number>): EventBus {
  const emit = <TName extends EventName>(name: TName, payload: EventMap[TName]): Promise<void> => {
    const usage = payload as TokenUsageEvent;
    const count = name === 'token:usage' && usage.turnId !== undefined ? joined.get(usage.turnId) : undefined;
    if (count === undefined || usage.snapshot) return events.emit(name, payload);
    return events.emit('token:usage', { ...usage, historyMessages: usage.historyMessages - count });
  };
  return override(events, { emit });
}
