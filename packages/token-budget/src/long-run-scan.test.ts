import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKnownPieceStart } from './known-piece-starts';
import { scanForLongRun } from './long-run-scan';

/** The longest run between known piece starts, looking at every code unit. */
function longestRun(text: string): number {
  let longest = Math.min(1, text.length);
  let runStart = 0;
  for (let index = 1; index < text.length; index += 1) {
    if (isKnownPieceStart(text.charCodeAt(index - 1), text.charCodeAt(index))) runStart = index;
    longest = Math.max(longest, index - runStart + 1);
  }
  return longest;
}

const characters = fc.constantFrom(...['a', ' ', '哈', '，', '1', 'é', '-', '\n', "'", '😀']);

describe('scanForLongRun', () => {
  it('finds no long run in ordinary English and Chinese prose', () => {
    const prose = 'The model reads every message. 模型读取每一条消息，然后回答！\nThen it answers: 42 times.';
    expect(scanForLongRun(prose, 0, prose.length, 12).longRunStart).toBe(-1);
  });

  it('finds a run longer than the bound and where it starts', () => {
    const text = `hello ${'x'.repeat(40)} world`;
    expect(scanForLongRun(text, 0, text.length, 32).longRunStart).toBe(5);
    expect(scanForLongRun(text, 0, text.length, 41).longRunStart).toBe(-1);
  });

  it('finds a long whitespace run and a long run of Chinese without punctuation', () => {
    expect(scanForLongRun(`a${' '.repeat(50)}b`, 0, 52, 32).longRunStart).toBe(1);
    expect(scanForLongRun(`你好，${'哈'.repeat(50)}`, 0, 53, 32).longRunStart).toBe(2);
  });

  it('finds a long run exactly when looking at every code unit does, skipping blocks or not', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: characters, minLength: 1, maxLength: 300 }),
        fc.integer({ min: 2, max: 40 }),
        (text, bound) => {
          const scan = scanForLongRun(text, 0, text.length, bound);
          expect(scan.longRunStart >= 0).toBe(longestRun(text) > bound);
          if (scan.longRunStart >= 0) return;
          expect(scan.lastPieceStart).toBeGreaterThanOrEqual(text.length - bound);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
