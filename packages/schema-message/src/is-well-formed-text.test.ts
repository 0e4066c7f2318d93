import { describe, expect, it } from 'vitest';
import { isWellFormedText } from './index';

describe('isWellFormedText', () => {
  it('accepts ordinary text, paired surrogates and the empty string', () => {
    expect(isWellFormedText('qq:group:42')).toBe(true);
    expect(isWellFormedText('smile \uD83D\uDE00')).toBe(true);
    expect(isWellFormedText('')).toBe(true);
  });

  it('rejects a lone high surrogate, a lone low surrogate, and a high surrogate at the end', () => {
    expect(isWellFormedText('x\uD800y')).toBe(false);
    expect(isWellFormedText('\uDC00')).toBe(false);
    expect(isWellFormedText('ends in \uD83D')).toBe(false);
  });

  it('is linear: a 1 MiB string of one repeated character is checked at once', () => {
    expect(isWellFormedText('a'.repeat(1 << 20))).toBe(true);
    expect(isWellFormedText(`${'a'.repeat(1 << 20)}\uD800`)).toBe(false);
  });
});
