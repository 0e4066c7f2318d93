import fc from 'fast-check';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { get_encoding, type Tiktoken } from 'tiktoken';
import { afterAll, describe, expect, it } from 'vitest';
import { textOfShortFragments, textWithLongRuns } from '../test/support/long-runs';
import { createTokenCounter, TOKEN_ENCODINGS, type TokenEncodingName } from './index';
import { textTokenizerFor } from './token-encoding';

const references: Record<TokenEncodingName, Tiktoken> = {
  o200k_base: get_encoding('o200k_base'),
  cl100k_base: get_encoding('cl100k_base'),
};
afterAll(() => {
  for (const encoding of Object.values(references)) encoding.free();
});

const splitPatterns: Record<TokenEncodingName, RegExp> = {
  o200k_base: O200K_TOKEN_SPLIT_REGEX,
  cl100k_base: CL100K_TOKEN_SPLIT_REGEX,
};

function longestPiece(text: string, encoding: TokenEncodingName): number {
  let longest = 0;
  for (const [piece] of text.matchAll(splitPatterns[encoding])) longest = Math.max(longest, piece.length);
  return longest;
}

// Exact counts of long runs are quadratic (tiktoken too), so runs stay at a few thousand units.
const maxRunLength = 2_000;

describe.each(TOKEN_ENCODINGS)('long runs with %s', (encoding) => {
  it('counts texts with long unbroken runs within 1% of the exact count', () => {
    const counter = createTokenCounter({ encoding });
    fc.assert(
      fc.property(textWithLongRuns(maxRunLength), (text) => {
        const exact = references[encoding].encode_ordinary(text).length;
        expect(Math.abs(counter.countText(text) - exact)).toBeLessThanOrEqual(exact * 0.01);
      }),
      { numRuns: 50 },
    );
  });

  it('counts texts whose pieces are all short exactly as gpt-tokenizer and tiktoken do', () => {
    const counter = createTokenCounter({ encoding });
    const raw = textTokenizerFor(encoding);
    fc.assert(
      fc.property(textOfShortFragments(400), (text) => {
        fc.pre(longestPiece(text, encoding) <= 256);
        const exact = raw(text);
        expect(exact).toBe(references[encoding].encode_ordinary(text).length);
        expect(counter.countText(text)).toBe(exact);
      }),
      { numRuns: 100 },
    );
  });

  it('gives the same figure asynchronously, however small the slices', async () => {
    const counter = createTokenCounter({ encoding });
    await fc.assert(
      fc.asyncProperty(fc.oneof(textWithLongRuns(1_500), textOfShortFragments(600)), async (text) => {
        const sliced = await createTokenCounter({ encoding }).countTextAsync(text, { sliceMs: 0 });
        expect(sliced).toBe(counter.countText(text));
      }),
      { numRuns: 40 },
    );
  });
});
