import { get_encoding, type Tiktoken } from 'tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { mixedCorpus } from '../test/support/mixed-corpus';
import { DEFAULT_PIECE_WINDOWING } from './piece-windows';
import { type TextCountPlan, wholeTextPlan } from './text-count-plan';
import { countTextAtOnce, countTextInSteps } from './text-count-steps';
import { encodingPrimitivesFor, TOKEN_ENCODINGS, type TokenEncodingName } from './token-encoding';

const references: Record<TokenEncodingName, Tiktoken> = {
  o200k_base: get_encoding('o200k_base'),
  cl100k_base: get_encoding('cl100k_base'),
};
afterAll(() => {
  for (const encoding of Object.values(references)) encoding.free();
});

function countStepByStep(text: string, plan: TextCountPlan): { tokens: number; steps: number } {
  const steps = countTextInSteps(text, plan);
  let count = 0;
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done === true) return { tokens: step.value, steps: count };
    count += 1;
  }
}

describe.each(TOKEN_ENCODINGS)('countTextInSteps with %s', (encoding) => {
  const primitives = encodingPrimitivesFor(encoding);
  const reference = (text: string) => references[encoding].encode_ordinary(text).length;

  it('cuts ordinary text into steps at piece boundaries without changing the count', () => {
    const text = mixedCorpus(17, 60).join('');
    const plan = { encoding: primitives, windowing: DEFAULT_PIECE_WINDOWING, stepLength: 257 };
    const { tokens, steps } = countStepByStep(text, plan);
    expect(steps).toBeGreaterThan(text.length / 1_000);
    expect(tokens).toBe(reference(text));
  });

  it('counts the whitespace before a long piece as the whole text splits it', () => {
    // Alone, "a\t\t" splits into "a" and "\t\t" (one token); in the whole text the second tab
    // is a piece of its own, as `\s+(?!\S)` cannot end before the dash.
    for (const text of [
      `a\t\t${'-'.repeat(300)}`,
      `a\n \t${'-'.repeat(400)}`,
      `x.\n\t ${'哈'.repeat(300)}`,
    ]) {
      expect(countTextAtOnce(text, wholeTextPlan(primitives)), JSON.stringify(text.slice(0, 12))).toBe(
        reference(text),
      );
    }
  });

  it('yields once per window of a long piece and not at all for a short text', () => {
    const plan = { encoding: primitives, windowing: DEFAULT_PIECE_WINDOWING, stepLength: 1_024 };
    expect(countStepByStep('short text', plan).steps).toBe(0);
    expect(countStepByStep('哈'.repeat(10_000), plan).steps).toBeGreaterThanOrEqual(10_000 / 256);
  });
});
