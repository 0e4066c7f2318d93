import type { CaseContext } from '../define-case';
import { defineCase } from '../define-case';
import { checkPreprocessors } from './explore-check-preprocessors';
import { describeProgram, generatePreprocessedProgram } from './explore-program';
import { runProgram } from './explore-run';
import { turnWindows } from './explore-windows';

/** The seeds of the explored programs with a preprocessor. */
export const PREPROCESSED_SEEDS: readonly number[] = Array.from({ length: 32 }, (_, index) => index + 225);

/**
 * [PRE-1] Generated programs of inputs, stops, clearings and deletions, each input passing a
 * preprocessor that lets it through, rewrites it, drops it or holds it before `next()` while the
 * program moves on. After each it checks the preprocessor's rule wherever it met the others: once
 * per input, a drop leaves nothing behind, a rewrite is what the turn and the archive hold, and
 * `next()` returns only once its input settled — after its turn, or released — never while the
 * input still waits for a hold to end. The other rules are the generated programs' of [SVC-2].
 */
const preprocessedPrograms = defineCase({
  requirements: ['PRE-1'],
  name: 'generated programs whose inputs a preprocessor rewrites, drops or holds keep the rule of preprocessors',
  requires: ['preprocessors'],
  timeoutMs: 60_000,
  run: async (context: CaseContext) => {
    const h = context.harness;
    for (const program of PREPROCESSED_SEEDS.map(generatePreprocessedProgram)) {
      const run = await runProgram(context, program);
      const where = `explored program of ${describeProgram(program)}`;
      checkPreprocessors(h, run, turnWindows(h, program.sessionId), where);
    }
  },
});

/** The case of generated programs with a preprocessor ([PRE-1]). */
export const PRE_EXPLORED_CASES = [preprocessedPrograms];
