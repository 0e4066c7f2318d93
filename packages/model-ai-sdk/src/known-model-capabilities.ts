import type { ModelCapabilities } from '@aalis/api-llm';

type KnownModel = readonly [pattern: RegExp, capabilities: Partial<ModelCapabilities>];

/**
 * Well-known model families, first match wins. The figures are the families' published limits,
 * rounded down where the members differ; configure a model to use more.
 */
const knownModels: readonly KnownModel[] = [
  [/^claude-3-7/, { vision: true, thinking: true, contextWindow: 200_000, maxOutputTokens: 64_000 }],
  [/^claude-3-5/, { vision: true, thinking: false, contextWindow: 200_000, maxOutputTokens: 8_192 }],
  [/^claude-3/, { vision: true, thinking: false, contextWindow: 200_000, maxOutputTokens: 4_096 }],
  [/^claude-/, { vision: true, thinking: true, contextWindow: 200_000, maxOutputTokens: 32_000 }],
  [/^gemini-(1\.|2\.0)/, { vision: true, thinking: false, contextWindow: 1_048_576, maxOutputTokens: 8_192 }],
  [/^gemini-/, { vision: true, thinking: true, contextWindow: 1_048_576, maxOutputTokens: 65_536 }],
  [/^gpt-4o/, { vision: true, thinking: false, contextWindow: 128_000, maxOutputTokens: 16_384 }],
  [/^gpt-4\.1/, { vision: true, thinking: false, contextWindow: 1_047_576, maxOutputTokens: 32_768 }],
  [/^gpt-5/, { vision: true, thinking: true, contextWindow: 400_000, maxOutputTokens: 128_000 }],
  [/^o\d/, { vision: true, thinking: true, contextWindow: 200_000, maxOutputTokens: 100_000 }],
  [/^magistral-/, { vision: false, thinking: true, contextWindow: 40_000, maxOutputTokens: 32_000 }],
  [/^pixtral-/, { vision: true, thinking: false, contextWindow: 128_000, maxOutputTokens: 8_192 }],
  [/^mistral-/, { vision: false, thinking: false, contextWindow: 128_000, maxOutputTokens: 8_192 }],
  [/llama-?4/, { vision: true, thinking: false, contextWindow: 128_000, maxOutputTokens: 8_192 }],
  [/llama-?3/, { vision: false, thinking: false, contextWindow: 128_000, maxOutputTokens: 8_192 }],
];

/**
 * The capabilities of a well-known model family a model id belongs to — Claude, Gemini,
 * GPT-4o, GPT-4.1, GPT-5, o-series, Mistral, Magistral, Pixtral, Llama 3 and 4 — or nothing.
 * Case and a vendor prefix (`models/`, Bedrock's `us.anthropic.`) are ignored.
 */
export function knownModelCapabilities(modelId: string): Partial<ModelCapabilities> {
  const lower = modelId.toLowerCase();
  const name = lower.slice(lower.lastIndexOf('/') + 1);
  const bare = name.replace(/^(?:[a-z]{2}\.)?(?:anthropic|meta|mistral|google)\./, '');
  return knownModels.find(([pattern]) => pattern.test(bare))?.[1] ?? {};
}
