import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import { rewritten } from './explore-middlewares';
import type { PreprocessObservation, ProgramRun } from './explore-observations';
import { inputContent } from './explore-program';
import type { TurnWindow } from './explore-windows';
import { turnsHolding } from './explore-windows';
import { incomingWrites } from './scenario';

/**
 * Checks of an explored program's preprocessor ([PRE-1]): it ran at most once per input, and once
 * for every input that entered a turn; an input it dropped entered no turn and was not archived; a
 * rewrite made before `next()` is what the turn and the archive hold; and `next()` returned only
 * once its input settled — its turn had ended, or it was released and never entered one.
 * Not public API.
 */
export function checkPreprocessors(
  harness: Harness,
  run: ProgramRun,
  windows: readonly TurnWindow[],
  where: string,
): void {
  run.inputs.forEach((_, at) => {
    const index = at + 1;
    const content = inputContent(run.program, index);
    const runs = run.preprocessed.filter((observation) => observation.index === index);
    const holding = [...turnsHolding(windows, content), ...turnsHolding(windows, rewritten(content))];
    const which = `"${content}" (${run.program.preprocess[at] ?? 'pass'}; ${where})`;
    assert.that('PRE-1', runs.length <= 1 && (holding.length === 0 || runs.length === 1), {
      rule: 'preprocessors must run once per input, before it enters a turn',
      observed: `the preprocessor ran ${runs.length} time(s) for ${which}, which entered ${holding.length} turn(s)`,
    });
    const observation = runs[0];
    if (observation === undefined) return;
    if (observation.plan === 'drop') checkDropped(harness, { content, turns: holding.length, which });
    else checkNext(observation, holding, which);
    if (observation.plan === 'rewrite' && holding.length > 0)
      checkRewritten(harness, content, holding, which);
  });
}

function checkDropped(
  harness: Harness,
  dropped: { readonly content: string; readonly turns: number; readonly which: string },
): void {
  const { content, turns, which } = dropped;
  const writes = incomingWrites(harness, content).length + incomingWrites(harness, rewritten(content)).length;
  assert.that('PRE-1', turns === 0 && writes === 0, {
    rule: 'an input a preprocessor dropped (next not called) must enter no turn and not be archived',
    observed: `${which}, dropped, entered ${turns} turn(s) and was archived ${writes} time(s)`,
  });
}

/** `next()` returned once the input settled: after its turn ended, or it never entered one. */
function checkNext(observation: PreprocessObservation, holding: readonly TurnWindow[], which: string): void {
  const returned = observation.returned ?? Number.POSITIVE_INFINITY;
  const unended = holding.find((window) => window.end > returned);
  assert.that('PRE-1', unended === undefined, {
    rule: "a preprocessor's next() must return only once its input settled: its turn ended, or it was released",
    observed: `next() of ${which} returned at ${returned}, while its turn (from ${unended?.start}) ${unended !== undefined && unended.start > returned ? 'had not begun yet' : 'had not ended'}`,
  });
}

function checkRewritten(
  harness: Harness,
  content: string,
  holding: readonly TurnWindow[],
  which: string,
): void {
  const turnSaw = holding.every((window) =>
    window.turn.inputs.some((input) => input.message.content === rewritten(content)),
  );
  const archived = incomingWrites(harness, content).length;
  assert.that('PRE-1', turnSaw && archived === 0, {
    rule: 'a rewrite a preprocessor made before next() must be the input its turn holds and the archive stores',
    observed: `${which} entered its turn ${turnSaw ? 'rewritten' : 'as it came'} and was archived ${archived} time(s) as it came`,
  });
}
