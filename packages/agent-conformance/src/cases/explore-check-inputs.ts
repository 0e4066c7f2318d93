import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import type { InputRecord } from '../runner/input-record';
import type { ProgramRun } from './explore-observations';
import { inputContent } from './explore-program';
import type { TurnWindow } from './explore-windows';
import { turnsHolding } from './explore-windows';
import { incomingWrites } from './scenario';

/**
 * Checks of every input of an explored program: it entered one turn and was archived once with
 * that turn's id (none when a middleware blocked the turn), or it was released by an abort with
 * `queued` and archived once without a turn id, or a middleware dropped it and it went nowhere.
 * Not public API.
 */
export function checkInputs(
  harness: Harness,
  run: ProgramRun,
  windows: readonly TurnWindow[],
  where: string,
): void {
  const dropped = new Set(run.program.hooks.dropInputs.map((index) => inputContent(run.program, index)));
  for (const input of run.inputs) {
    const content = input.message.content;
    const holding = turnsHolding(windows, content);
    const writes = incomingWrites(harness, content);
    const entries = writes.map(
      (write) => `${String(write.incoming?.turnId)}/${String(write.incoming?.entry)}`,
    );
    if (dropped.has(content)) {
      checkDropped(content, holding.length, entries, where);
      continue;
    }
    if (holding.length === 0) {
      checkReleased(run, input, entries, where);
      continue;
    }
    const [window] = holding;
    if (window?.blocked === true) {
      assert.that('HK-2', holding.length === 1 && writes.length === 0, {
        rule: 'the inputs of a turn blocked at agent:turn:before must not be archived, nor enter another turn',
        observed: `"${content}", in a blocked turn, is in ${holding.length} turn(s) and was archived ${writes.length} time(s) (turn id/entry: ${entries.join(', ') || 'none'}) (${where})`,
      });
      continue;
    }
    assert.that(
      'ARC-6',
      holding.length === 1 && writes.length === 1 && writes[0]?.incoming?.turnId === window?.turn.turnId,
      {
        rule: "an input of a turn must be archived once, with that turn's id",
        observed: `"${content}" is in ${holding.length} turn(s) and was archived ${writes.length} time(s) (turn id/entry: ${entries.join(', ') || 'none'}) (${where})`,
      },
    );
    const entry = writes[0]?.incoming?.entry;
    assert.that('ARC-6', entry === 'opened' || entry === 'joined', {
      rule: "an input of a turn must be archived with entry 'opened' or 'joined'",
      observed: `"${content}" was archived with entry ${String(entry)} (${where})`,
    });
    const opener = window?.turn.inputs[0]?.message;
    assert.that('SCH-4', entry !== 'joined' || opener?.source === undefined, {
      rule: 'nothing may be inserted into a turn an injection opened',
      observed: `"${content}" joined a turn opened by an injection (${where})`,
    });
  }
}

/**
 * An input an `agent:input:before` middleware dropped (did not call `next`): in no turn, not
 * archived — the hook's row of the contract text, which the catalog's [HK-1] names.
 */
function checkDropped(content: string, turns: number, entries: readonly string[], where: string): void {
  assert.that('HK-1', turns === 0 && entries.length === 0, {
    rule: 'an input an agent:input:before middleware dropped (next not called) must enter no turn and not be archived',
    observed: `"${content}", dropped, is in ${turns} turn(s) and was archived ${entries.length} time(s) (turn id/entry: ${entries.join(', ') || 'none'}) (${where})`,
  });
}

/**
 * An input in no turn: the contract lets only an abort with `queued` release it here, a deletion
 * that came after it, or a clearing that came after it and before its `clear` began — one that
 * arrived while `clear` ran waits for it ([CLR-2]).
 */
function checkReleased(run: ProgramRun, input: InputRecord, entries: readonly string[], where: string): void {
  const content = input.message.content;
  const settled = input.settleSeq ?? Number.POSITIVE_INFINITY;
  const byAbort = run.aborts.some((abort) => abort.queued && abort.seq > input.seq && abort.seq < settled);
  const byClearing = run.clearings.some(
    (clearing) => clearing.seq < settled && input.seq < (clearing.clearStart ?? Number.POSITIVE_INFINITY),
  );
  const byDeletion = run.deletions.some((deletion) => deletion.seq > input.seq && deletion.seq < settled);
  assert.that('SVC-2', byAbort || byClearing || byDeletion, {
    rule: 'an input settles only once its turn ended, or it was released (abort with queued, clearing, deletion, shutdown) or dropped by a hook',
    observed: `"${content}" settled without entering a turn, and no abort with queued, clearing nor deletion came between its arrival and its settling (${where})`,
  });
  const unarchived = entries.length === 0;
  const withoutTurnId = entries.length === 1 && entries[0]?.startsWith('undefined/') === true;
  if (byDeletion && !byAbort)
    assert.that('DEL-1', unarchived, {
      rule: 'an input a session deletion released must not be archived',
      observed: `"${content}" was released by a deletion and archived ${entries.length} time(s) (turn id/entry: ${entries.join(', ')}) (${where})`,
    });
  else if (byAbort && !byClearing && !byDeletion)
    assert.that('ABT-3', withoutTurnId, {
      rule: 'an input released by abort with queued must be archived once, without a turn id',
      observed: `"${content}" was released and archived ${entries.length} time(s) (turn id/entry: ${entries.join(', ') || 'none'}) (${where})`,
    });
  else if (byClearing && !byAbort)
    assert.that('CLR-1', unarchived, {
      rule: 'an input a clearing released must not be archived',
      observed: `"${content}" was released by a clearing and archived ${entries.length} time(s) (turn id/entry: ${entries.join(', ')}) (${where})`,
    });
  else
    assert.that('ABT-3', unarchived || withoutTurnId, {
      rule: 'an input released by abort with queued, a clearing or a deletion must be archived at most once, without a turn id',
      observed: `"${content}" was released and archived ${entries.length} time(s) (turn id/entry: ${entries.join(', ')}) (${where})`,
    });
}
