import { monitorEventLoopDelay } from 'node:perf_hooks';
import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { LIVENESS_TIMEOUT_MS, STALL_LIMIT_MS } from './liveness';
import { outbound, sendHuman, session, turns } from './scenario';

/** Characters an input may repeat: a tokenizer's pattern treats each kind differently. */
const KINDS: readonly (readonly [string, string])[] = [
  ['spaces', ' '],
  ['newlines', '\n'],
  ['one letter', 'a'],
  ['digits', '7'],
  ['one CJK character', '哈'],
  ['punctuation', '!'],
];

/** Below the size limit an agent would usually set, so the text is counted, not refused. */
const LENGTH = 60_000;

/** The shorter input each kind is compared with: an eighth of the length. */
const SHORT_LENGTH = LENGTH / 8;

/**
 * How much longer the long input may take than the short one. Linear counting takes at most
 * about 8 times as long (less, with the turn's fixed cost), quadratic counting about 64 times.
 */
const GROWTH_LIMIT = 16;

/** The least time the short input is taken to need, so a pause of the runtime is no growth. */
const SHORT_FLOOR_MS = 20;

/** Sends `a`, `length - 2` times `character`, then `b`, to a session of its own; how long it took. */
async function timedInput(context: CaseContext, id: string, character: string, length: number) {
  session(context.harness, id);
  context.harness.model.script([{ text: `answered ${id}` }]);
  const started = performance.now();
  const input = sendHuman(context, id, `a${character.repeat(length - 2)}b`);
  await input.done;
  return { input, ms: performance.now() - started };
}

/**
 * [LIV-3] Token counting is linear in the text for every kind of character. A 1 MiB input is
 * refused by size before anything counts it, so this case sends inputs under a usual limit: a
 * run of one kind of character between two letters, at two lengths, and compares their times
 * (a ratio, so the machine's speed does not matter). The near miss counts every long piece in
 * windows but a whitespace run, which it counts in time quadratic in its length.
 */
const uniformInputs = defineCase({
  requirements: ['LIV-3'],
  name: 'inputs of one kind of character (spaces, newlines, a letter, digits, a CJK character, punctuation) cost time linear in their length',
  timeoutMs: LIVENESS_TIMEOUT_MS * 3,
  run: async (context) => {
    const h = context.harness;
    for (const [kind, character] of KINDS) {
      const id = `uniform-${kind.replaceAll(' ', '-')}`;
      const short = await timedInput(context, `${id}-short`, character, SHORT_LENGTH);
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const long = await timedInput(context, id, character, LENGTH);
      delay.disable();
      const stallMs = delay.max / 1e6;
      for (const { input } of [short, long])
        assert.equal('LIV-3', input.state, 'resolved', {
          rule: 'an input of one repeated character must settle without an exception',
          subject: `the state of handleMessage for an input of ${kind}`,
        });
      const allowedMs = GROWTH_LIMIT * Math.max(short.ms, SHORT_FLOOR_MS);
      // A busy machine can slow one run: a slow long input is measured once more, the faster counts
      // (one character shorter, so no count of the first run can be reused).
      const longMs =
        long.ms <= allowedMs
          ? long.ms
          : Math.min(long.ms, (await timedInput(context, `${id}-again`, character, LENGTH - 1)).ms);
      assert.that('LIV-3', longMs <= allowedMs, {
        rule: `token counting must be linear in the text: an input 8 times as long may take at most ${GROWTH_LIMIT} times as long`,
        observed: `${LENGTH} characters of ${kind} took ${Math.round(longMs)} ms, ${SHORT_LENGTH} took ${Math.round(short.ms)} ms`,
      });
      assert.that('LIV-3', stallMs < STALL_LIMIT_MS, {
        rule: `one input may block the event loop for at most ${STALL_LIMIT_MS} ms`,
        observed: `the input of ${LENGTH} characters of ${kind} stalled the event loop for ${Math.round(stallMs)} ms`,
      });
      const ended = turns(h, id).some((turn) => turn.after !== undefined);
      assert.that('LIV-3', ended || outbound(h, id).some((message) => message.kind === 'notice'), {
        rule: 'an input of one repeated character must end with a turn or a notice refusing it',
        observed: `the input of ${kind} got neither`,
      });
    }
  },
});

/** The case of linear counting over inputs of one kind of character ([LIV-3]). */
export const LIV_UNIFORM_INPUT_CASES = [uniformInputs];
