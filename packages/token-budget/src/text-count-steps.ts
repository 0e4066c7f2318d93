import { countRun } from './long-run-count';
import { scanForLongRun } from './long-run-scan';
import type { TextCountPlan } from './text-count-plan';

/**
 * Counts the tokens of a text in steps, pausing (a bare `yield`) between them, in time linear in
 * its length. Ordinary text (no run between known piece starts longer than the bound) is counted
 * exactly as gpt-tokenizer counts it, in spans cut at piece boundaries; runs that may hold a
 * long piece are split with the encoding's pattern, and pieces longer than the bound counted in
 * windows (`countPieceInWindows`).
 */
export function* countTextInSteps(
  text: string,
  plan: TextCountPlan,
): Generator<undefined, number, undefined> {
  const { encoding, windowing, stepLength } = plan;
  const { length } = text;
  let tokens = 0;
  let position = 0;
  while (position < length) {
    const limit = Math.min(length, position + stepLength);
    const scan = scanForLongRun(text, position, limit, windowing.longPieceBound);
    const spanEnd =
      scan.longRunStart >= 0 ? scan.longRunStart : limit === length ? length : scan.lastPieceStart;
    if (spanEnd > position) {
      tokens += encoding.countTokens(text.slice(position, spanEnd));
      position = spanEnd;
      if (position < length) yield;
    }
    if (scan.longRunStart < 0) continue;
    const run = yield* countRun(text, position, plan);
    tokens += run.tokens;
    position = run.end;
  }
  return tokens;
}

/**
 * Counts a text synchronously (see `countTextInSteps`). Short texts and texts without a long
 * run go straight to gpt-tokenizer, with no generator in between.
 */
export function countTextAtOnce(text: string, plan: TextCountPlan): number {
  const bound = plan.windowing.longPieceBound;
  if (text.length <= bound || scanForLongRun(text, 0, text.length, bound).longRunStart < 0) {
    return plan.encoding.countTokens(text);
  }
  const steps = countTextInSteps(text, plan);
  let step = steps.next();
  while (step.done !== true) step = steps.next();
  return step.value;
}
