import type { AgentFactory } from '@aalis/agent-conformance';
import type { EventBus, EventMap, EventName } from '@aalis/core';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [TID-2]: streamed content and reasoning chunks (`outbound:stream`) go out without
 * the turn id; end markers keep theirs.
 */
export const streamWithoutTurnId: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({ ...own, events: stripStreamTurnIds(own.events) }),
  });

function stripStreamTurnIds(events: EventBus): EventBus {
  const emit = <TName extends EventName>(name: TName, payload: EventMap[TName]): Promise<void> => {
    if (name !== 'outbound:stream') return events.emit(name, payload);
    const { chunk } = payload as EventMap['outbound:stream'];
    if (chunk.type === 'end') return events.emit(name, payload);
    const { turnId: _dropped, ...withoutTurn } = chunk;
    return events.emit('outbound:stream', { chunk: withoutTurn as typeof chunk });
  };
  return override(events, { emit });
}
