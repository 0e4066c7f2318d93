import { appendToConversation } from './append-to-conversation';
import { inputMessage } from './input-message';
import { persistWrite } from './persist';
import { throwIfAborted } from './throw-if-aborted';
import type { TurnRun } from './turn-run';

/**
 * Takes the turn's pending insertions before a model call ([SCH-2]), archives them with the
 * turn id and entry `joined` ([ARC-6]) and adds them to what this and every later call sees.
 * The scheduler owns the live `inputs` and appended them when it handed them over. Nothing is
 * taken once the turn is aborted, so they open the next turn ([ABT-4]).
 */
export async function joinPendingInsertions(run: TurnRun): Promise<void> {
  throwIfAborted(run.signal);
  const joined = run.turn.takePendingInsertions?.() ?? [];
  if (!Array.isArray(joined)) throw new TypeError('takePendingInsertions() must return an array');
  if (joined.length === 0) return;
  await persistWrite(run, 'archiveJoined', () => run.persistence.archiveJoined(joined));
  const messages = joined.map((input) => inputMessage(input, run.acceptsImages));
  appendToConversation(run, messages, { protect: true, countAsHistory: true });
  throwIfAborted(run.signal);
}
