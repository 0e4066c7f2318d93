import type { ChatUsage } from '@aalis/api-llm';
import type { LanguageModelV3Usage } from '@ai-sdk/provider';

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The usage of a `finish` part as Aalis usage: `promptTokens` is the input total (cached tokens
 * included, [USG-2]), `completionTokens` the output total (reasoning included), `totalTokens`
 * their sum when both are known. `undefined` when the model reported neither.
 */
export function usageOf(usage: LanguageModelV3Usage | undefined): ChatUsage | undefined {
  const promptTokens = count(usage?.inputTokens?.total);
  const completionTokens = count(usage?.outputTokens?.total);
  if (promptTokens === undefined && completionTokens === undefined) return undefined;
  return {
    ...(promptTokens === undefined ? {} : { promptTokens }),
    ...(completionTokens === undefined ? {} : { completionTokens }),
    ...(promptTokens === undefined || completionTokens === undefined
      ? {}
      : { totalTokens: promptTokens + completionTokens }),
  };
}
