import type { ModelCapabilities } from '@aalis/api-llm';
import type { OpenAIModelConfig } from './openai-model-config';
import { isReasoningModelName } from './reasoning-model-name';

/**
 * What a model's configuration says about its capabilities: the configured ones, and deep
 * thinking for o-series and gpt-5 names or when `thinkingParameters` is set. The model catalog
 * of `@aalis/model-provider-utils` fills in the rest with its defaults.
 */
export function openAIModelCapabilities(config: OpenAIModelConfig): Partial<ModelCapabilities> {
  return {
    vision: config.vision,
    toolCalls: config.toolCalls,
    thinking:
      config.thinking ?? (config.thinkingParameters !== undefined || isReasoningModelName(config.name)),
    contextWindow: config.contextWindow,
    maxOutputTokens: config.maxOutputTokens,
  };
}
