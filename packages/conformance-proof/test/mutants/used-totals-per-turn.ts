import type { AgentFactory } from '@aalis/agent-conformance';
import type { TokenUsageEvent } from '@aalis/api-agent';
import type { EventBus, EventMap, EventName } from '@aalis/core';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';

/**
 * Breaks [USG-2]: `used` (and with it `usageRatio`) is the running total of the turn's input
 * tokens so far, not the input of the one call the event follows.
 */
export const usedTotalsPerTurn: AgentFactory = (harness) =>
  buildPluginAgent(harness, {
    collaborators: (own) => ({ ...own, events: runningTotals(own.events) }),
  });

function runningTotals(events: EventBus): EventBus {
  const totals = new Map<string, number>();
  const emit = <TName extends EventName>(name: TName, payload: EventMap[TName]): Promise<void> => {
    const usage = payload as TokenUsageEvent;
    if (name !== 'token:usage' || usage.snapshot || usage.turnId === undefined)
      return events.emit(name, payload);
    const used = (totals.get(usage.turnId) ?? 0) + usage.used;
    totals.set(usage.turnId, used);
    return events.emit('token:usage', { ...usage, used, usageRatio: used / usage.contextWindow });
  };
  return override(events, { emit });
}
