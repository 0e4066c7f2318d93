import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import type { ClearingObservation, ProgramRun } from './explore-observations';
import { inputContent } from './explore-program';
import type { TurnWindow } from './explore-windows';
import { turnsHolding } from './explore-windows';
import { incomingWrites } from './scenario';

/**
 * Checks of every `clearing` an explored program made: `clear` ran once no turn of the session
 * ran ([CLR-1]), no turn ran while it did, and the inputs that arrived meanwhile waited for it
 * ([CLR-2]); after quiet, the waiting inputs were released without being archived ([CLR-1]).
 * Not public API.
 */
export function checkClearings(
  harness: Harness,
  run: ProgramRun,
  windows: readonly TurnWindow[],
  where: string,
): void {
  run.clearings.forEach((clearing, index) => {
    const { clearStart, clearEnd } = clearing;
    const which = `clearing ${index + 1}`;
    if (clearStart === undefined || clearEnd === undefined) {
      assert.that('CLR-1', false, {
        rule: 'clearing must run clear() once the turns of its sessions settled',
        observed: `${which} settled without running clear() (${where})`,
      });
      return;
    }
    const overlapping = windows.findIndex((window) => window.start < clearEnd && window.end > clearStart);
    assert.that('CLR-1', overlapping === -1 || windows[overlapping]!.start > clearStart, {
      rule: 'clearing must stop the running turn and wait for it to settle before it runs clear()',
      observed: `turn ${overlapping + 1} still ran when clear() of ${which} began (${where})`,
    });
    assert.that('CLR-2', overlapping === -1, {
      rule: 'no turn of a held session may start until clear() settled',
      observed: `turn ${overlapping + 1} started while clear() of ${which} ran (${where})`,
    });
    checkHeldInputs(harness, run, windows, { clearing, which, where });
    if (clearing.quiet) checkQuietClearing(harness, run, clearing, windows, { which, where });
  });
}

interface At {
  readonly which: string;
  readonly where: string;
}

/** Inputs that arrived while `clear` ran wait for it, then run: not released, not archived before ([CLR-2]). */
function checkHeldInputs(
  harness: Harness,
  run: ProgramRun,
  windows: readonly TurnWindow[],
  at: At & { readonly clearing: ClearingObservation },
): void {
  const { clearStart = 0, clearEnd = 0 } = at.clearing;
  const held = run.inputs.filter((input) => input.seq > clearStart && input.seq < clearEnd);
  for (const input of held) {
    // The text does not say whether an abort with queued releases an input a clearing holds.
    const releasing = run.aborts.some(
      (abort) =>
        abort.queued && abort.seq > input.seq && abort.seq < (input.settleSeq ?? Number.POSITIVE_INFINITY),
    );
    if (releasing || dropped(run, input.message.content)) continue;
    const content = input.message.content;
    const writes = incomingWrites(harness, content);
    const early = writes.filter((write) => write.seq < clearEnd).length;
    assert.that('CLR-2', turnsHolding(windows, content).length > 0 && early === 0, {
      rule: 'an input that arrives while a clearing holds its session must wait, unarchived, and be processed after clear() ends',
      observed: `"${content}", sent while clear() of ${at.which} ran, is in ${turnsHolding(windows, content).length} turn(s) and was archived ${early} time(s) before clear() returned (${at.where})`,
    });
  }
}

function dropped(run: ProgramRun, content: string): boolean {
  return run.program.hooks.dropInputs.some((index) => content === inputContent(run.program, index));
}

/**
 * After quiet: the waiting inputs are released unarchived ([CLR-1]) — or, where the stop travels
 * (a hold broadcast to the owner process), one may have entered a turn that began before `clear`
 * did. Whether the running turn ended aborted is left to the clearing cases for the same reason:
 * a turn still finishing a step may end on its own first.
 */
function checkQuietClearing(
  harness: Harness,
  run: ProgramRun,
  clearing: ClearingObservation,
  windows: readonly TurnWindow[],
  at: At,
): void {
  for (const input of clearing.waiting) {
    const content = input.message.content;
    const holding = turnsHolding(windows, content);
    const turns = holding.length;
    if (turns === 1 && holding[0]!.start < (clearing.clearStart ?? 0)) continue;
    const stored = incomingWrites(harness, content);
    const writes = stored.map((write) => `at ${write.seq}, turn id ${String(write.incoming?.turnId)}`);
    // An abort with queued right after the call may reach the input first where a clearing takes
    // effect a moment later (a hold broadcast to other processes): then it is archived as that
    // abort's release, once and without a turn id ([ABT-3]).
    const settled = input.settleSeq ?? Number.POSITIVE_INFINITY;
    const aborted = run.aborts.some(
      (abort) => abort.queued && abort.seq > clearing.seq && abort.seq < settled,
    );
    const released =
      stored.length === 0 || (aborted && stored.length === 1 && stored[0]?.incoming?.turnId === undefined);
    assert.that('CLR-1', turns === 0 && released, {
      rule: 'clearing must release the queued and pending inputs of its sessions without archiving them',
      observed: `"${content}", waiting when ${at.which} came (at ${clearing.seq}), is in ${turns} turn(s) and was archived ${writes.length} time(s)${writes.length > 0 ? ` (${writes.join('; ')})` : ''} (${at.where})`,
    });
  }
}
