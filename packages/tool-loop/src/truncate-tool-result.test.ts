import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateToolResult } from './truncate-tool-result';

describe('truncateToolResult', () => {
  it('keeps a result within the limit as it is', () => {
    expect(truncateToolResult('short', 5)).toBe('short');
  });

  it('cuts a longer result and says how much was left out', () => {
    const cut = truncateToolResult('a'.repeat(500), 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut).toMatch(/^a+\n…\[truncated: \d+ of 500 characters omitted\]$/);
    const omitted = Number(/truncated: (\d+)/.exec(cut)?.[1]);
    expect(cut.indexOf('\n') + omitted).toBe(500);
  });

  it('never splits a surrogate pair', () => {
    const cut = truncateToolResult('😀'.repeat(200), 101);
    expect(cut.split('\n')[0]).toMatch(/^(😀)+$/u);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => truncateToolResult('x', 0)).toThrow(TypeError);
  });

  it('is within the limit and starts with a prefix of the text for any text and limit above the marker size', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3_000 }), fc.integer({ min: 60, max: 2_000 }), (text, limit) => {
        const cut = truncateToolResult(text, limit);
        expect(cut.length).toBeLessThanOrEqual(limit);
        if (text.length <= limit) expect(cut).toBe(text);
        else expect(text.startsWith(cut.slice(0, cut.lastIndexOf('\n…[truncated')))).toBe(true);
      }),
    );
  });
});
