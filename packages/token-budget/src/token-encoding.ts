import { createRequire } from 'node:module';
import type { BytePairEncodingCore, RawBytePairRanks } from 'gpt-tokenizer/BytePairEncodingCore';
import type { Cl100KBase } from 'gpt-tokenizer/encodingParams/cl100k_base';
import type { O200KBase } from 'gpt-tokenizer/encodingParams/o200k_base';
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

/*
 * Nothing of gpt-tokenizer is loaded when this module is: its ES modules of the rank tables build
 * their arrays when imported (0.3 s and 30 MB for both encodings) and its pattern constants compile
 * Unicode regular expressions. Everything is required from its CommonJS build on first use, so
 * importing this package stays cheap and a process pays only for the encodings it counts with.
 * The specifiers are literal so that a reader (or a bundler's analysis) sees what is loaded.
 */
const requireFromHere = createRequire(import.meta.url);

interface EncodingModules {
  readonly ranks: RawBytePairRanks;
  readonly params: typeof O200KBase | typeof Cl100KBase;
}

const requireEncoding: Record<TokenEncodingName, () => EncodingModules> = {
  o200k_base: () => ({
    ranks: requireFromHere('gpt-tokenizer/bpeRanks/o200k_base').default,
    params: requireFromHere('gpt-tokenizer/encodingParams/o200k_base').O200KBase,
  }),
  cl100k_base: () => ({
    ranks: requireFromHere('gpt-tokenizer/bpeRanks/cl100k_base').default,
    params: requireFromHere('gpt-tokenizer/encodingParams/cl100k_base').Cl100KBase,
  }),
};

const SPLIT_PATTERN_NAMES: Record<TokenEncodingName, string> = {
  o200k_base: 'O200K_TOKEN_SPLIT_REGEX',
  cl100k_base: 'CL100K_TOKEN_SPLIT_REGEX',
};

/** The encoding's split pattern, sticky: a match must begin exactly at `lastIndex`. */
function stickySplitPattern(name: TokenEncodingName): RegExp {
  const constants = requireFromHere('gpt-tokenizer/encodingParams/constants');
  return new RegExp((constants[SPLIT_PATTERN_NAMES[name]] as RegExp).source, 'uy');
}

interface LoadedEncoding {
  readonly countTokens: CountTextTokens;
  readonly encode: (text: string) => readonly number[];
  readonly tokenByteLength: (rank: number) => number;
}

function loadEncoding(name: TokenEncodingName): LoadedEncoding {
  const { ranks, params } = requireEncoding[name]();
  const Core: typeof BytePairEncodingCore = requireFromHere(
    'gpt-tokenizer/BytePairEncodingCore',
  ).BytePairEncodingCore;
  // gpt-tokenizer's byte-pair encoder with the encoding's split pattern and special tokens, as its
  // `GptEncoding` builds it; the rank table it gets is the very array it decodes with. No special
  // token is allowed, so text such as "<|endoftext|>" counts as plain characters (which is how the
  // API treats message text).
  const core = new Core(params(ranks));
  return {
    countTokens: (text) => core.countNative(text),
    encode: (text) => core.encodeNative(text),
    tokenByteLength: (rank) => {
      const value = ranks[rank]!;
      return typeof value === 'string' ? utf8ByteLength(value) : value.length;
    },
  };
}

function pieceEndWith(piece: RegExp, text: string, index: number, searchLength: number): number {
  const bounded = index + searchLength < text.length;
  const subject = bounded ? text.slice(index, index + searchLength) : text;
  piece.lastIndex = bounded ? 0 : index;
  // Every code point matches some alternative of both patterns, so this never fails.
  if (!piece.test(subject)) throw new Error(`token-budget: no piece of the split pattern at ${index}`);
  return bounded ? index + piece.lastIndex : piece.lastIndex;
}

/** The primitives of one encoding; what each needs loads the first time it is called. */
function lazyPrimitives(name: TokenEncodingName): EncodingPrimitives {
  let loaded: LoadedEncoding | undefined;
  let piece: RegExp | undefined;
  const load = () => {
    loaded ??= loadEncoding(name);
    return loaded;
  };
  return {
    countTokens: (text) => (loaded ?? load()).countTokens(text),
    encode: (text) => (loaded ?? load()).encode(text),
    tokenByteLength: (rank) => (loaded ?? load()).tokenByteLength(rank),
    // The split pattern needs no rank table.
    pieceEnd: (text, index, searchLength) => {
      piece ??= stickySplitPattern(name);
      return pieceEndWith(piece, text, index, searchLength);
    },
  };
}

const encodings: Record<TokenEncodingName, EncodingPrimitives> = {
  o200k_base: lazyPrimitives('o200k_base'),
  cl100k_base: lazyPrimitives('cl100k_base'),
};

/** Whether `encoding` is one this package counts with. */
export function isTokenEncodingName(encoding: unknown): encoding is TokenEncodingName {
  return typeof encoding === 'string' && Object.hasOwn(encodings, encoding);
}

/**
 * The primitives of an encoding; throws `UnknownEncodingError` for others. Nothing is loaded
 * until a primitive is first called.
 */
export function encodingPrimitivesFor(encoding: string): EncodingPrimitives {
  if (!isTokenEncodingName(encoding)) throw new UnknownEncodingError(encoding);
  return encodings[encoding];
}

/** The raw (uncached) text counter of an encoding; throws `UnknownEncodingError` for others. */
export function textTokenizerFor(encoding: string): CountTextTokens {
  return encodingPrimitivesFor(encoding).countTokens;
}
