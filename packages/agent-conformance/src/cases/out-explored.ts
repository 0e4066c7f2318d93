import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import { defineCase } from '../define-case';
import { describeProgram, generateEveryEndProgram } from './explore-program';
import { runProgram } from './explore-run';
import { endMarkers } from './scenario';

/** The seeds of the explored programs that count stream ends. */
export const EVERY_END_SEEDS: readonly number[] = Array.from({ length: 96 }, (_, index) => index + 257);

/**
 * [OUT-3] Generated programs of inputs ending every way the contract knows — replied, silent,
 * failed, stopped, released by an abort with `queued`, by a clearing or by a deletion, dropped at
 * `agent:input:before`, blocked at `agent:turn:before`, inserted into a running turn — counted
 * after each: the session got exactly one stream end marker per input. The mistakes it tells
 * apart end a batch of released inputs once, end a turn of several inputs once, or end an input
 * twice when two stops meet it; one that never ends an input makes the case time out.
 */
const everyEndPrograms = defineCase({
  requirements: ['OUT-3'],
  name: 'generated programs of inputs ending every way give each input exactly one stream end',
  requires: ['OUT-3'],
  timeoutMs: 60_000,
  timeoutViolates: ['OUT-3'],
  run: async (context: CaseContext) => {
    const h = context.harness;
    for (const program of EVERY_END_SEEDS.map(generateEveryEndProgram)) {
      const run = await runProgram(context, program);
      // A stream end may come after its input settled (from the process serving the session, say):
      // the case waits for one per input, then checks that no more came. One that never comes
      // makes the case time out, naming this wait.
      await h.until(
        () => endMarkers(h, program.sessionId).length >= run.inputs.length,
        `a stream end for each of the ${run.inputs.length} inputs of the explored program of seed ${program.seed}`,
      );
      await h.settle();
      assert.equal('OUT-3', endMarkers(h, program.sessionId).length, run.inputs.length, {
        rule: 'every input handled, dropped, blocked or released must get exactly one stream end marker for its session',
        subject: `the stream end markers of the ${run.inputs.length} inputs of the explored program of ${describeProgram(program)}`,
      });
    }
  },
});

/** The case of generated programs that count stream ends ([OUT-3]). */
export const OUT_EXPLORED_CASES = [everyEndPrograms];
