import type { ChatDelta } from '@aalis/api-llm';
import { publish } from './publish';
import type { TurnRun } from './turn-run';

/**
 * Hands one streamed text delta to the platform as an `outbound:stream` chunk with the turn
 * id ([TID-2]). Tool-call fragments are not streamed; nothing is streamed after the abort.
 */
export function streamDelta(run: TurnRun, delta: ChatDelta): void {
  if (delta.type === 'tool-call' || delta.text.length === 0 || run.signal.aborted) return;
  void publish(run, 'outbound:stream', {
    chunk: { type: delta.type, sessionId: run.turn.sessionId, turnId: run.turn.turnId, text: delta.text },
  });
}
