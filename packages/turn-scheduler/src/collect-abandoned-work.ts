import type { AbandonedWork } from './drain-report';
import type { InputEntry } from './input-entry';
import type { ReleaseBatch } from './release-batch';
import type { SessionState } from './session-state';

/** What a drain deadline cuts off: the report's items and the inputs they hold. */
export interface AbandonedSet<TInput> {
  readonly abandoned: AbandonedWork[];
  readonly entries: InputEntry<TInput>[];
}

/**
 * Names every piece of unsettled work [LIV-2]: each session's running turn and the batches
 * waiting for it to settle, then the batches whose release callback has not finished, in
 * the order they were handed over. Every unsettled input is in exactly one of them: after
 * drain began nothing waits in a queue or before one.
 */
export function collectAbandonedWork<TInput>(
  sessions: Iterable<SessionState<TInput>>,
  delivering: Iterable<ReleaseBatch<TInput>>,
): AbandonedSet<TInput> {
  const found: AbandonedSet<TInput> = { abandoned: [], entries: [] };
  for (const session of sessions) {
    if (session.running !== undefined) addTurn(found, session);
    for (const batch of session.deferred ?? []) addBatch(found, batch, false);
  }
  for (const batch of delivering) addBatch(found, batch, true);
  return found;
}

function addTurn<TInput>(found: AbandonedSet<TInput>, session: SessionState<TInput>): void {
  const turn = session.running!;
  let inputCount = 0;
  for (let entry: InputEntry<TInput> | undefined = turn.first; entry !== undefined; entry = entry.next) {
    found.entries.push(entry);
    inputCount++;
  }
  found.abandoned.push({ kind: 'turn', sessionId: session.sessionId, turnId: turn.turnId, inputCount });
}

function addBatch<TInput>(
  found: AbandonedSet<TInput>,
  batch: ReleaseBatch<TInput>,
  delivering: boolean,
): void {
  found.entries.push(...batch.entries);
  found.abandoned.push({
    kind: 'release',
    sessionId: batch.sessionId,
    reason: batch.reason,
    inputCount: batch.entries.length,
    delivering,
  });
}
