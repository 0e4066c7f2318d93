import type { TokenEncodingName } from './token-encoding';

/** What the budget needs to know about a model. */
export interface ModelLimits {
  /** Total tokens the model accepts: prompt plus reply. */
  readonly contextWindow: number;
  /** The largest reply the model produces. */
  readonly maxOutput: number;
  /**
   * The encoding to count with. Models with a tokenizer of their own (DeepSeek, Qwen, Llama)
   * are counted with `o200k_base` as an estimate.
   */
  readonly encoding: TokenEncodingName;
}

const o200k = 'o200k_base';
const cl100k = 'cl100k_base';

function limits(contextWindow: number, maxOutput: number, encoding: TokenEncodingName = o200k): ModelLimits {
  return Object.freeze({ contextWindow, maxOutput, encoding });
}

/**
 * Limits of common OpenAI-compatible models, keyed by model-name prefix (lower case). A name is
 * matched by its longest key that it starts with, after dropping any `vendor/` path in front
 * (`openai/gpt-4o-mini`, `meta-llama/Llama-3.1-8B-Instruct`, `llama3.1:8b` all match).
 * Figures are the vendors' published ones; a deployment that serves a model with a smaller
 * window (a local server, a proxy) should override them through `createModelTable`.
 */
export const DEFAULT_MODEL_LIMITS: Readonly<Record<string, ModelLimits>> = Object.freeze({
  'gpt-3.5-turbo': limits(16_385, 4_096, cl100k),
  'gpt-4': limits(8_192, 8_192, cl100k),
  'gpt-4-32k': limits(32_768, 8_192, cl100k),
  'gpt-4-turbo': limits(128_000, 4_096, cl100k),
  'gpt-4-1106-preview': limits(128_000, 4_096, cl100k),
  'gpt-4-0125-preview': limits(128_000, 4_096, cl100k),
  'gpt-4o': limits(128_000, 16_384),
  'gpt-4o-2024-05-13': limits(128_000, 4_096),
  'chatgpt-4o': limits(128_000, 16_384),
  'gpt-4.1': limits(1_047_576, 32_768),
  'gpt-4.5': limits(128_000, 16_384),
  'gpt-5': limits(400_000, 128_000),
  'gpt-5-chat': limits(128_000, 16_384),
  'gpt-oss': limits(131_072, 131_072),
  o1: limits(200_000, 100_000),
  'o1-mini': limits(128_000, 65_536),
  'o1-preview': limits(128_000, 32_768),
  o3: limits(200_000, 100_000),
  'o4-mini': limits(200_000, 100_000),
  'deepseek-chat': limits(128_000, 8_192),
  'deepseek-reasoner': limits(128_000, 65_536),
  'deepseek-v3': limits(128_000, 8_192),
  'deepseek-r1': limits(128_000, 32_768),
  'qwen-max': limits(32_768, 8_192),
  'qwen-plus': limits(131_072, 8_192),
  'qwen-turbo': limits(1_000_000, 8_192),
  'qwen2.5': limits(32_768, 8_192),
  qwen3: limits(131_072, 8_192),
  'qwen3-max': limits(262_144, 65_536),
  qwq: limits(131_072, 8_192),
  'llama-3': limits(8_192, 4_096),
  llama3: limits(8_192, 4_096),
  'llama-3.1': limits(131_072, 8_192),
  'llama3.1': limits(131_072, 8_192),
  'llama-3.2': limits(131_072, 8_192),
  'llama3.2': limits(131_072, 8_192),
  'llama-3.3': limits(131_072, 8_192),
  'llama3.3': limits(131_072, 8_192),
});
