import cl100kBase from 'gpt-tokenizer/encoding/cl100k_base';
import o200kBase from 'gpt-tokenizer/encoding/o200k_base';
import { UnknownEncodingError } from './unknown-encoding-error';

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

// An empty disallow list makes text such as "<|endoftext|>" count as plain characters (which is
// how the API treats message text) instead of throwing, and skips the special-token scan.
const plainText = Object.freeze({ disallowedSpecial: new Set<string>() });

const tokenizers: Record<TokenEncodingName, CountTextTokens> = {
  o200k_base: (text) => o200kBase.countTokens(text, plainText),
  cl100k_base: (text) => cl100kBase.countTokens(text, plainText),
};

/** The raw (uncached) text counter of an encoding; throws `UnknownEncodingError` for others. */
export function textTokenizerFor(encoding: string): CountTextTokens {
  if (!Object.hasOwn(tokenizers, encoding)) throw new UnknownEncodingError(encoding);
  return tokenizers[encoding as TokenEncodingName];
}
