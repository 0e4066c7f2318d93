import type { ToolCallContext } from '@aalis/api-tools';
import type { TurnRun } from './turn-run';

/**
 * The context of one tool call: the turn id and the call's own id ([TID-2], [TID-3]), the
 * same `acceptsImages` as `agent:llm:before` ([HK-3]), the turn's signal ([ABT-1]), and the
 * actor of the turn's latest input.
 */
export function createToolCallContext(run: TurnRun, callId: string): ToolCallContext {
  const actor = run.turn.inputs.at(-1)?.message.actor;
  return {
    sessionId: run.turn.sessionId,
    turnId: run.turn.turnId,
    callId,
    platform: run.platform,
    ...(actor === undefined ? {} : { actor }),
    acceptsImages: run.acceptsImages,
    signal: run.signal,
    ...(run.turn.source === undefined ? {} : { source: run.turn.source }),
  };
}
