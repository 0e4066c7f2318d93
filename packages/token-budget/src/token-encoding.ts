import cl100kRanks from 'gpt-tokenizer/bpeRanks/cl100k_base';
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import cl100kBase from 'gpt-tokenizer/encoding/cl100k_base';
import o200kBase from 'gpt-tokenizer/encoding/o200k_base';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { UnknownEncodingError } from './unknown-encoding-error';
import { utf8ByteLength } from './utf8-byte-length';

/**
 * The encodings this package counts with: `o200k_base` (GPT-4o, GPT-4.1, GPT-5, o-series, and
 * the default for models it does not know) and `cl100k_base` (GPT-4, GPT-3.5).
 */
export const TOKEN_ENCODINGS = ['o200k_base', 'cl100k_base'] as const;

/** One of the encodings this package counts with. */
export type TokenEncodingName = (typeof TOKEN_ENCODINGS)[number];

/** The encoding used when none is named and the model is unknown. */
export const DEFAULT_ENCODING: TokenEncodingName = 'o200k_base';

/** Counts the tokens of a text; special-token strings in it count as ordinary text. */
export type CountTextTokens = (text: string) => number;

/** What counting needs from one encoding of gpt-tokenizer. */
export interface EncodingPrimitives {
  /** gpt-tokenizer's exact count of a text (quadratic in the length of its longest piece). */
  readonly countTokens: CountTextTokens;
  /** gpt-tokenizer's tokens (ranks) of a text. */
  readonly encode: (text: string) => readonly number[];
  /** The length in UTF-8 bytes of the token with this rank. */
  readonly tokenByteLength: (rank: number) => number;
  /**
   * The end of the piece of the encoding's split pattern that begins at `index` of `text`, as the
   * pattern finds it in `text[index, index + searchLength)` (the rest of the text when shorter).
   * Bounding the search keeps one call cheap inside a long run; it changes nothing for pieces
   * shorter than `searchLength - 1` (see `countTextInSteps`).
   */
  readonly pieceEnd: (text: string, index: number, searchLength: number) => number;
}

// An empty disallow list makes text such as "<|endoftext|>" count as plain characters (which is
// how the API treats message text) instead of throwing, and skips the special-token scan.
const plainText = Object.freeze({ disallowedSpecial: new Set<string>() });

interface EncodingModule {
  countTokens(text: string, options: typeof plainText): number;
  encode(text: string, options: typeof plainText): number[];
}

function primitives(
  encoding: EncodingModule,
  ranks: readonly (string | readonly number[])[],
  splitPattern: RegExp,
): EncodingPrimitives {
  // Sticky: a match must begin exactly at lastIndex, which `pieceEnd` sets before each test.
  const piece = new RegExp(splitPattern.source, 'uy');
  return {
    countTokens: (text) => encoding.countTokens(text, plainText),
    encode: (text) => encoding.encode(text, plainText),
    tokenByteLength: (rank) => {
      // The rank table is the very array gpt-tokenizer's encoding decodes with.
      const value = ranks[rank]!;
      return typeof value === 'string' ? utf8ByteLength(value) : value.length;
    },
    pieceEnd: (text, index, searchLength) => {
      const bounded = index + searchLength < text.length;
      const subject = bounded ? text.slice(index, index + searchLength) : text;
      piece.lastIndex = bounded ? 0 : index;
      // Every code point matches some alternative of both patterns, so this never fails.
      if (!piece.test(subject)) throw new Error(`token-budget: no piece of the split pattern at ${index}`);
      return bounded ? index + piece.lastIndex : piece.lastIndex;
    },
  };
}

const encodings: Record<TokenEncodingName, EncodingPrimitives> = {
  o200k_base: primitives(o200kBase, o200kRanks, O200K_TOKEN_SPLIT_REGEX),
  cl100k_base: primitives(cl100kBase, cl100kRanks, CL100K_TOKEN_SPLIT_REGEX),
};

/** The primitives of an encoding; throws `UnknownEncodingError` for others. */
export function encodingPrimitivesFor(encoding: string): EncodingPrimitives {
  if (!Object.hasOwn(encodings, encoding)) throw new UnknownEncodingError(encoding);
  return encodings[encoding as TokenEncodingName];
}

/** The raw (uncached) text counter of an encoding; throws `UnknownEncodingError` for others. */
export function textTokenizerFor(encoding: string): CountTextTokens {
  return encodingPrimitivesFor(encoding).countTokens;
}
