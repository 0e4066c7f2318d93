/**
 * Long-run measurements of the token-budget bench: the cost per character of the worst inputs
 * (1 MiB of one repeated character) against ordinary prose, and the longest synchronous stretch
 * of an asynchronous count of 1 MiB of random CJK. 1 MiB here is 1,048,576 UTF-16 code units.
 */
import { createTokenCounter } from '../src/index';
import { RUN_KINDS } from '../test/support/long-runs';
import { mixedText, seededRandom } from '../test/support/mixed-corpus';

/** 1 MiB of text: 1,048,576 UTF-16 code units. */
export const MEBIBYTE_OF_TEXT = 1_048_576;

/** Minimum, median and maximum of the values of several rounds. */
export interface Spread {
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

/** The spread of `values`, rounded to `digits` decimals. */
export function spreadOf(values: readonly number[], digits = 3): Spread {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const round = (value: number) => Number(value.toFixed(digits));
  return { min: round(sorted[0]!), median: round(median), max: round(sorted.at(-1)!) };
}

/** Ordinary mixed English/Chinese prose (the test corpus's words and fragments), 1 MiB long. */
function mixedProse(): string {
  const random = seededRandom(7);
  let text = '';
  while (text.length < MEBIBYTE_OF_TEXT) text += mixedText(random, 200);
  return text.slice(0, MEBIBYTE_OF_TEXT).replace(/[\ud800-\udbff]$/u, '.');
}

/** Milliseconds a fresh counter (empty text cache) takes to count `text`. */
function coldCountMs(text: string): number {
  const counter = createTokenCounter();
  const start = performance.now();
  counter.countText(text);
  return performance.now() - start;
}

/** One round of the worst-case measurement, in milliseconds per 1 MiB text. */
export interface WorstCaseRound {
  readonly proseMs: number;
  readonly repeatedCjkMs: number;
  readonly repeatedAsciiMs: number;
}

/**
 * Counts 1 MiB of prose, of one repeated CJK character and of one repeated ASCII letter, each
 * with a fresh counter, `rounds` times after one warm-up round. The texts have the same length,
 * so the ratio of times is the ratio of costs per character.
 */
export function measureWorstCaseCost(rounds: number): WorstCaseRound[] {
  const prose = mixedProse();
  const repeatedCjk = '哈'.repeat(MEBIBYTE_OF_TEXT);
  const repeatedAscii = 'x'.repeat(MEBIBYTE_OF_TEXT);
  const results: WorstCaseRound[] = [];
  for (let round = -1; round < rounds; round += 1) {
    const proseMs = coldCountMs(prose);
    const repeatedCjkMs = coldCountMs(repeatedCjk);
    const repeatedAsciiMs = coldCountMs(repeatedAscii);
    if (round >= 0) results.push({ proseMs, repeatedCjkMs, repeatedAsciiMs });
  }
  return results;
}

/** One round of the asynchronous measurement. */
export interface AsyncRound {
  /** The longest time between two turns of the event loop while the count ran. */
  readonly maxSliceMs: number;
  /** The whole count. */
  readonly totalMs: number;
}

/**
 * Counts 1 MiB of random CJK without punctuation with `countTextAsync` (default 10 ms slices)
 * and a fresh counter, while a `setImmediate` chain timestamps every turn of the event loop. Each
 * round counts another text, so every window misses gpt-tokenizer's merge cache.
 */
export async function measureAsyncSlices(rounds: number): Promise<AsyncRound[]> {
  const results: AsyncRound[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const text = RUN_KINDS.cjk(seededRandom(11 + round), MEBIBYTE_OF_TEXT);
    let counting = true;
    let last = performance.now();
    let maxSliceMs = 0;
    const tick = () => {
      const now = performance.now();
      maxSliceMs = Math.max(maxSliceMs, now - last);
      last = now;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const start = performance.now();
    await createTokenCounter().countTextAsync(text);
    counting = false;
    tick();
    results.push({ maxSliceMs, totalMs: performance.now() - start });
  }
  return results;
}
