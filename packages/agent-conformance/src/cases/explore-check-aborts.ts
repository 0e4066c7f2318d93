import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import type { AbortObservation, ProgramRun } from './explore-observations';
import type { TurnWindow } from './explore-windows';
import { turnsHolding } from './explore-windows';

/**
 * Checks of every `abort` an explored program made after waiting for quiet, when what was
 * running and waiting is known: its return value, the stopped turn, the inputs it released or
 * left to open the next turn. Not public API.
 */
export function checkAborts(
  harness: Harness,
  run: ProgramRun,
  windows: readonly TurnWindow[],
  where: string,
): void {
  for (const abort of run.aborts) {
    if (abort.stale) checkStale(abort, where);
    else if (abort.quiet) checkQuiet(harness, run, abort, windows, where);
  }
  checkStoppedOnlyByAbort(run, windows, where);
}

/**
 * A turn ends aborted only when an abort, a clearing or a deletion came for it: after the session's previous
 * turn ended, by the end of this one. Nothing else in a program stops a turn: an input that
 * arrives never does ([SCH-1]).
 */
function checkStoppedOnlyByAbort(run: ProgramRun, windows: readonly TurnWindow[], where: string): void {
  windows.forEach((window, index) => {
    if (window.turn.after?.outcome !== 'aborted') return;
    const after = windows[index - 1]?.end ?? 0;
    const within = (seq: number) => seq > after && seq <= window.end;
    const stopped =
      run.aborts.some((abort) => !abort.stale && within(abort.seq)) ||
      run.clearings.some((clearing) => within(clearing.seq)) ||
      run.deletions.some((deletion) => within(deletion.seq));
    assert.that('SCH-1', stopped, {
      rule: 'a new input must never interrupt the running turn of its session: only a stop ends a turn aborted',
      observed: `turn ${index + 1} ended aborted though no abort, clearing or deletion came while it could have run (${where})`,
    });
  });
}

function checkStale(abort: AbortObservation, where: string): void {
  assert.that('ABT-2', !abort.returned && abort.changed === undefined, {
    rule: "abort with a turnId that is not the running turn's must do nothing at all and return false",
    observed: `it returned ${abort.returned}${abort.changed === undefined ? '' : ` and ${abort.changed}`} (${where})`,
  });
}

function checkQuiet(
  harness: Harness,
  run: ProgramRun,
  abort: AbortObservation,
  windows: readonly TurnWindow[],
  where: string,
): void {
  assert.equal('ABT-7', abort.returned, abort.running !== undefined, {
    rule: 'abort must return whether a running turn was stopped',
    subject: `what abort returned with ${abort.running === undefined ? 'no turn' : 'a turn'} running (${where})`,
  });
  const stopped = windows.find((window) => window.turn.turnId === abort.running);
  if (stopped !== undefined) checkStopped(harness, abort, stopped, where);
  // During a clearing its hold decides what waits ([CLR-2]); a clearing or a deletion afterwards
  // may release what the abort left waiting ([CLR-1], [DEL-1]).
  if (abort.duringClearing) return;
  for (const input of abort.waiting) {
    const settled = input.settleSeq ?? Number.POSITIVE_INFINITY;
    const released = [...run.clearings, ...run.deletions].some(
      (stop) => stop.seq > abort.seq && stop.seq < settled,
    );
    // An earlier stop released it ([ABT-3], [CLR-1], [DEL-1] are checked for it there): its
    // settling may still be on its way back, through a database for instance ([SVC-2] bounds
    // that from below only), but it is no longer queued for this abort.
    const earlier = [
      ...run.aborts.filter((other) => other.queued && !other.stale),
      ...run.clearings,
      ...run.deletions,
    ];
    const releasedBefore = earlier.some((stop) => stop.seq > input.seq && stop.seq < abort.seq);
    if (released || releasedBefore) continue;
    const holding = turnsHolding(windows, input.message.content);
    if (abort.queued)
      assert.that('ABT-3', holding.length === 0, {
        rule: "abort with queued must release the session's queued and pending inputs: they open no turn",
        observed: `"${input.message.content}", waiting when abort with queued came, entered a turn (${where})`,
      });
    else
      assert.that('ABT-4', holding.length > 0, {
        rule: "without queued, the queued inputs and the stopped turn's pending insertions must open the next turn as usual",
        observed: `"${input.message.content}", waiting when abort came, never entered a turn (${where})`,
      });
  }
}

function checkStopped(harness: Harness, abort: AbortObservation, stopped: TurnWindow, where: string): void {
  assert.equal('ABT-1', stopped.turn.after?.outcome, 'aborted', {
    rule: 'abort must stop the running turn with outcome aborted',
    subject: `the outcome of the turn running when abort came (${where})`,
  });
  const later = (seq: number) => seq > abort.seq && seq <= stopped.end;
  const modelCalls = harness.model.requests.filter((call) => later(call.seq)).length;
  const toolCalls = harness.tools.calls.filter((call) => later(call.seq)).length;
  assert.that('ABT-1', modelCalls + toolCalls === 0, {
    rule: 'after abort no further model or tool call may start in the stopped turn',
    observed: `${modelCalls} model and ${toolCalls} tool call(s) started in it after abort (${where})`,
  });
}
