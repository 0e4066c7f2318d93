import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import { type TurnView, turns } from './scenario';

/** A message the archive took, by id and body. */
export interface WrittenMessage {
  readonly id: string;
  readonly content: string;
}

/** What rolling back the first of two turns left wrong ([ARC-7]). */
export interface RollbackOutcome {
  /** Messages written while the rolled-back turn ran that are still stored. */
  readonly kept: readonly WrittenMessage[];
  /** Messages written while the other turn ran that are gone. */
  readonly removed: readonly WrittenMessage[];
}

/** The messages the archive took from `turn`'s `agent:turn:before` to the end of its `agent:turn:after`. */
function writtenDuring(harness: Harness, turn: TurnView): WrittenMessage[] {
  return harness.archive.writes
    .filter((write) => write.seq > turn.before.seq && write.seq < (turn.afterRun?.endSeq ?? harness.sequence))
    .flatMap((write) => write.messages.map((message) => ({ id: message.id, content: message.content })));
}

/**
 * Rolls back the first of a session's two ended turns by its turn id ([ARC-7]) and says which of
 * its messages were kept and which of the second turn's were removed: both must be none.
 */
export async function rollBackFirstOfTwo(harness: Harness, sessionId: string): Promise<RollbackOutcome> {
  const all = turns(harness, sessionId);
  const [first, second] = [0, 1].map((index) =>
    assert.defined('ARC-7', all[index], {
      rule: 'every input must open a turn',
      subject: `turn ${index + 1} of ${sessionId}`,
    }),
  ) as [TurnView, TurnView];
  const rolledBack = writtenDuring(harness, first);
  const other = writtenDuring(harness, second);
  await assert
    .defined('ARC-7', harness.services.archive, {
      rule: 'the harness provides an archive in this case',
      subject: 'the archive',
    })
    .rollback(sessionId, first.turnId);
  const left = new Set(harness.archive.messages(sessionId).map((message) => message.id));
  return {
    kept: rolledBack.filter((message) => left.has(message.id)),
    removed: other.filter((message) => !left.has(message.id)),
  };
}
