import type { AgentFactory } from '@aalis/agent-conformance';
import type { TokenUsageEvent } from '@aalis/api-agent';
import type { EventBus, EventMap, EventName } from '@aalis/core';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [USG-3]: `trimmed` is reported on the first trimmed call of a turn only; the later
 * calls of the turn, which extend the list that call trimmed, report `false`.
 */
export const trimmedNotSticky: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({ ...own, events: forgetTrimming(own.events) }),
  });

function forgetTrimming(events: EventBus): EventBus {
  const reported = new Set<string>();
  const emit = <TName extends EventName>(name: TName, payload: EventMap[TName]): Promise<void> => {
    const usage = payload as TokenUsageEvent;
    if (name !== 'token:usage' || usage.snapshot || usage.turnId === undefined || !usage.trimmed)
      return events.emit(name, payload);
    if (!reported.has(usage.turnId)) {
      reported.add(usage.turnId);
      return events.emit(name, payload);
    }
    return events.emit('token:usage', { ...usage, trimmed: false });
  };
  return override(events, { emit });
}
