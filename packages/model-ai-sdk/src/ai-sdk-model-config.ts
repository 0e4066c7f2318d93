import type { SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { AiSdkLanguageModel } from './ai-sdk-language-model';

/**
 * One AI SDK language model of the provider. Capabilities left out come from a small table of
 * well-known model ids (Claude, Gemini, GPT-4o and GPT-4.1, o-series and GPT-5, Mistral, Llama),
 * else from conservative defaults: no vision, tool calls, no deep thinking, a 128,000-token
 * context window and 4,096 reply tokens.
 */
export interface AiSdkModelConfig {
  /** The model object, e.g. `createAnthropic()('claude-sonnet-4-5')`: specification `v3` or `v4`. */
  readonly model: AiSdkLanguageModel;
  /** Its id in references (`anthropic/<name>`); defaults to `model.modelId`. */
  readonly name?: string;
  /** The context window in tokens (input and output together). */
  readonly contextWindow?: number;
  /** The most tokens one reply may have; sent as the reply limit unless the request sets one. */
  readonly maxOutputTokens?: number;
  /** Whether the model can see images; images of a model without vision are not sent ([HK-3]). */
  readonly vision?: boolean;
  /** Whether the model can call tools; tools offered to a model without it are not sent. */
  readonly toolCalls?: boolean;
  /** Whether the model has a deep-thinking mode. */
  readonly thinking?: boolean;
  /**
   * The `providerOptions` sent when a request sets `thinking: true` on a model with the
   * `thinking` capability, merged per provider key over `providerOptions`. Defaults by
   * `model.provider`: `anthropic.*` → `{ anthropic: { thinking: { type: 'enabled', budgetTokens } } }`,
   * `google.*` → `{ google: { thinkingConfig: { includeThoughts: true, thinkingBudget } } }`
   * (both with 8,192 tokens); other providers get none.
   */
  readonly thinkingOptions?: SharedV3ProviderOptions;
  /** `providerOptions` sent with every call of this model. */
  readonly providerOptions?: SharedV3ProviderOptions;
}
