// The typed failures and the retry event are shared by every model provider.
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
export type {
  AiSdkLanguageModel,
  LanguageModelV4CallOptionsShape,
  LanguageModelV4FilePartShape,
  LanguageModelV4MessageShape,
  LanguageModelV4Shape,
  LanguageModelV4ToolResultPartShape,
} from './ai-sdk-language-model';
export type { AiSdkModelConfig } from './ai-sdk-model-config';
export { aiSdkModelPlugin } from './ai-sdk-model-plugin';
export type { AiSdkModelProvider } from './ai-sdk-model-provider';
export type { AiSdkModelProviderOptions } from './ai-sdk-model-provider-options';
export { createAiSdkModelProvider } from './create-ai-sdk-model-provider';
