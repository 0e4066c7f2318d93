export { createOpenAIModelProvider } from './create-openai-model-provider';
export { fromEnvironment } from './from-environment';
export { ModelAuthenticationError } from './model-authentication-error';
export { ModelBadRequestError } from './model-bad-request-error';
export { ModelInvalidResponseError } from './model-invalid-response-error';
export { ModelNetworkError } from './model-network-error';
export {
  ModelProviderError,
  type ModelProviderErrorCode,
  type ModelProviderErrorOptions,
} from './model-provider-error';
export { ModelRateLimitedError } from './model-rate-limited-error';
export { ModelServerError } from './model-server-error';
export type { OpenAIModelConfig, ThinkingParameters } from './openai-model-config';
export { openAIModelPlugin } from './openai-model-plugin';
export type { OpenAIModelProvider } from './openai-model-provider';
export type { OpenAIModelProviderOptions, RetryEvent } from './openai-model-provider-options';
