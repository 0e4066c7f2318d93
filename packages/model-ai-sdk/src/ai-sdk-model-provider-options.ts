import type { ModelCapabilityOverrides } from '@aalis/api-llm';
import type { RetryOptions } from '@aalis/model-provider-utils';
import type { AiSdkModelConfig } from './ai-sdk-model-config';

/** What `createAiSdkModelProvider` takes. */
export interface AiSdkModelProviderOptions extends RetryOptions {
  /**
   * The provider's name: the first part of its model references (`anthropic/claude-sonnet-4-5`)
   * and its provider name in an app. Non-empty, without `/`.
   */
  readonly name: string;
  /** The models; at least one, each with its own model id. */
  readonly models: readonly AiSdkModelConfig[];
  /** The model id used when a caller names none; defaults to the first of `models`. */
  readonly defaultModel?: string;
  /**
   * Per-model capability overrides, keyed by model reference (`anthropic/claude-sonnet-4-5`) or
   * model id; the reference entry wins over the id entry, both over `models` and the table of
   * known models. An override `{ vision: true }` makes the agent hand the model images ([HK-3]).
   */
  readonly capabilityOverrides?: ModelCapabilityOverrides;
}
