import { describe, expect, it } from 'vitest';
import { decodeContent, encodeContent } from './stored-content';

describe('stored content', () => {
  it('keeps well-formed text as the same string', () => {
    expect(encodeContent('héllo \uD83D\uDE00')).toBe('héllo \uD83D\uDE00');
  });

  it('turns text with lone surrogates into UTF-16LE code units and back, exactly', () => {
    for (const text of ['x\uD800y', '\uDC00', 'ends in \uD83D', '\uDE00\uD83D']) {
      const stored = encodeContent(text);
      expect(stored).toBeInstanceOf(Uint8Array);
      expect((stored as Uint8Array).byteLength).toBe(text.length * 2);
      expect(decodeContent(stored)).toBe(text);
    }
  });

  it('decodes a blob that is a view into a larger buffer', () => {
    const whole = Buffer.from('..x\uD800', 'utf16le');
    expect(decodeContent(whole.subarray(4))).toBe('x\uD800');
  });

  it('leaves anything but a blob to the schema, and refuses a blob of odd length', () => {
    expect(decodeContent(7)).toBe(7);
    expect(() => decodeContent(new Uint8Array(3))).toThrow(/odd length/);
  });

  it('is linear: a 1 MiB string of one character with a lone surrogate at the end round-trips at once', () => {
    const text = `${'a'.repeat(1 << 20)}\uD800`;
    expect(decodeContent(encodeContent(text))).toBe(text);
  });
});
