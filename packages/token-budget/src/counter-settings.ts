import { createModelTable } from './model-table';
import type { TokenCounterOptions } from './token-counter';
import { DEFAULT_ENCODING, type TokenEncodingName } from './token-encoding';
import { COOKBOOK_TOOL_FIGURES, type ToolCountFigures } from './tool-count-parts';

/** The settings a counter runs with, resolved from `TokenCounterOptions`. */
export interface CounterSettings {
  readonly encoding: TokenEncodingName;
  readonly imageTokens: number;
  readonly messageOverhead: number;
  readonly nameOverhead: number;
  readonly replyPriming: number;
  readonly toolFigures: ToolCountFigures;
  readonly textCacheEntries: number;
  readonly textCacheCharacters: number;
}

function figure(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`createTokenCounter: ${name} must be a non-negative integer`);
  }
  return value;
}

function resolveEncoding(options: TokenCounterOptions): TokenEncodingName {
  if (options.encoding !== undefined) return options.encoding;
  if (options.model !== undefined)
    return (options.modelTable ?? createModelTable()).encodingFor(options.model);
  return DEFAULT_ENCODING;
}

/** The settings of `options` with their defaults; throws `TypeError` for a bad figure. */
export function resolveCounterSettings(options: TokenCounterOptions): CounterSettings {
  const encoding = resolveEncoding(options);
  return {
    encoding,
    imageTokens: figure('imageTokens', options.imageTokens, 765),
    messageOverhead: figure('messageOverhead', options.messageOverhead, 3),
    nameOverhead: figure('nameOverhead', options.nameOverhead, 1),
    replyPriming: figure('replyPriming', options.replyPriming, 3),
    toolFigures: COOKBOOK_TOOL_FIGURES[encoding],
    textCacheEntries: figure('textCacheEntries', options.textCacheEntries, 8_192),
    textCacheCharacters: figure('textCacheCharacters', options.textCacheCharacters, 4_000_000),
  };
}
