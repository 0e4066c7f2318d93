import { get_encoding, type Tiktoken } from 'tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { countPieceInWindows } from './piece-windows';
import {
  type EncodingPrimitives,
  encodingPrimitivesFor,
  TOKEN_ENCODINGS,
  type TokenEncodingName,
} from './token-encoding';

const references: Record<TokenEncodingName, Tiktoken> = {
  o200k_base: get_encoding('o200k_base'),
  cl100k_base: get_encoding('cl100k_base'),
};
afterAll(() => {
  for (const encoding of Object.values(references)) encoding.free();
});

function countWindowed(text: string, encoding: EncodingPrimitives): number {
  const steps = countPieceInWindows(text, 0, text.length, encoding);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

describe.each(TOKEN_ENCODINGS)('countPieceInWindows with %s', (encoding) => {
  const primitives = encodingPrimitivesFor(encoding);

  it('never splits a surrogate pair between two windows', () => {
    const windows: string[] = [];
    const recording = {
      ...primitives,
      encode: (text: string) => {
        windows.push(text);
        return primitives.encode(text);
      },
    };
    for (const text of [`a${'😀'.repeat(700)}`, '𠮷'.repeat(700), `😀${'🇨🇳'.repeat(400)}`]) {
      countWindowed(text, recording);
    }
    expect(windows.length).toBeGreaterThan(10);
    for (const window of windows) expect(loneSurrogate.test(window), JSON.stringify(window)).toBe(false);
  });

  it('counts runs of one repeated character exactly, however the windows fall', () => {
    // Runs of one character are where plain fixed chunks miss most (up to 15% on "\n" or "!"),
    // and these characters make the longest tokens (up to 128 spaces).
    for (const unit of [' ', '\n', '\t', '!', '-', '=', '*', '.', 'x', '哈', '😀', ' -', '\r\n']) {
      for (const length of [257, 300, 511, 777, 1_024, 1_500]) {
        const text = `${unit === ' ' ? '\n' : ''}${unit.repeat(length)}`;
        const exact = references[encoding].encode_ordinary(text).length;
        expect(countWindowed(text, primitives), `${JSON.stringify(unit)} × ${length}`).toBe(exact);
      }
    }
  });

  it('counts a piece that fits in one window exactly as gpt-tokenizer does', () => {
    const text = '哈'.repeat(256);
    expect(countWindowed(text, primitives)).toBe(primitives.countTokens(text));
  });
});
