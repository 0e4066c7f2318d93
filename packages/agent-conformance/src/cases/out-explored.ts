import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import { defineCase } from '../define-case';
import { kitTimeout } from '../harness/kit-timers';
import { describeProgram, generateEveryEndProgram } from './explore-program';
import { runProgram } from './explore-run';
import { endMarkers } from './scenario';

/** The seeds of the explored programs that count stream ends. */
export const EVERY_END_SEEDS: readonly number[] = Array.from({ length: 96 }, (_, index) => index + 257);

/** How long a stream end may trail its input's settling (sent by the process serving the session, say). */
const LATE_END_MS = 2_000;

/**
 * Waits until the session has `count` stream ends, or for {@link LATE_END_MS} at most: a stream
 * end may come after its input settled; one that never comes is then missing from the count.
 */
async function endsOrGrace(context: CaseContext, sessionId: string, count: number): Promise<void> {
  const h = context.harness;
  let timer: ReturnType<typeof kitTimeout> | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = kitTimeout(resolve, LATE_END_MS);
  });
  await Promise.race([h.until(() => endMarkers(h, sessionId).length >= count), grace]);
  clearTimeout(timer);
}

/**
 * [OUT-3] Generated programs of inputs ending every way the contract knows — replied, silent,
 * failed, stopped, released by an abort with `queued`, by a clearing or by a deletion, dropped at
 * `agent:input:before`, blocked at `agent:turn:before`, inserted into a running turn — counted
 * after each: the session got exactly one stream end marker per input. The mistakes it tells
 * apart end a batch of released inputs once, end a turn of several inputs once, or end an input
 * twice when two stops meet it. A stream end may trail its input's settling by up to two seconds.
 */
const everyEndPrograms = defineCase({
  requirements: ['OUT-3'],
  name: 'generated programs of inputs ending every way give each input exactly one stream end',
  requires: ['OUT-3'],
  timeoutMs: 60_000,
  run: async (context: CaseContext) => {
    const h = context.harness;
    for (const program of EVERY_END_SEEDS.map(generateEveryEndProgram)) {
      const run = await runProgram(context, program);
      await endsOrGrace(context, program.sessionId, run.inputs.length);
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
