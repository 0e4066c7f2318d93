export { type ClassifiedFailure, chatWithRetries, type RetriedChat } from './chat-with-retries';
export { ModelAuthenticationError } from './model-authentication-error';
export { ModelBadRequestError } from './model-bad-request-error';
export {
  type CatalogEntry,
  type CatalogModelConfig,
  createModelCatalog,
  DEFAULT_MODEL_CAPABILITIES,
  type ModelCatalog,
  type ModelCatalogOptions,
} from './model-catalog';
export { ModelInvalidResponseError } from './model-invalid-response-error';
export { ModelNetworkError } from './model-network-error';
export {
  ModelProviderError,
  type ModelProviderErrorCode,
  type ModelProviderErrorOptions,
} from './model-provider-error';
export { ModelRateLimitedError } from './model-rate-limited-error';
export { ModelServerError } from './model-server-error';
export { parseRetryAfter } from './parse-retry-after';
export { ERROR_TEXT_LIMIT, plainErrorText } from './plain-error-text';
export { MAX_RETRY_AFTER, type RetryDelayOptions, retryDelay } from './retry-delay';
export {
  nonNegativeOption,
  type RetryEvent,
  type RetryOptions,
  type RetryPolicy,
  retryPolicy,
} from './retry-policy';
export { serverErrorFrom } from './server-error-from';
export { type StatusFailureOptions, statusFailure } from './status-failure';
export { waitBeforeRetry } from './wait-before-retry';
export { type ModelProviderErrorClass, withAttempts } from './with-attempts';
