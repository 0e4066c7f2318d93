// The typed endpoint failures and the retry event are shared by every model provider.
export {
  ModelAuthenticationError,
  ModelBadRequestError,
  ModelInvalidResponseError,
  ModelNetworkError,
  ModelProviderError,
  type ModelProviderErrorCode,
  type ModelProviderErrorOptions,
  ModelRateLimitedError,
  ModelServerError,
  type RetryEvent,
} from '@aalis/model-provider-utils';
export { createOpenAIModelProvider } from './create-openai-model-provider';
export { fromEnvironment } from './from-environment';
export type { OpenAIModelConfig, ThinkingParameters } from './openai-model-config';
export { openAIModelPlugin } from './openai-model-plugin';
export type { OpenAIModelProvider } from './openai-model-provider';
export type { OpenAIModelProviderOptions } from './openai-model-provider-options';
