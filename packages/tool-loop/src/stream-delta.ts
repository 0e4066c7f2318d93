import type { ChatDelta } from '@aalis/api-llm';
import type { TurnRun } from './turn-run';

/**
 * Hands one streamed text delta to the platform as an `outbound:stream` chunk with the turn
 * id ([TID-2]). Tool-call fragments are not streamed; nothing is streamed after the abort.
 * Deltas are emitted in order and not awaited: a model streams faster than listeners may
 * finish, and waiting on each would hold one abort listener per delta.
 */
export function streamDelta(run: TurnRun, delta: ChatDelta): void {
  if (delta.type === 'tool-call' || delta.text.length === 0 || run.signal.aborted) return;
  const chunk = {
    type: delta.type,
    sessionId: run.turn.sessionId,
    turnId: run.turn.turnId,
    text: delta.text,
  };
  try {
    Promise.resolve(run.events.emit('outbound:stream', { chunk })).catch(run.onError);
  } catch (error) {
    run.onError(error);
  }
}
