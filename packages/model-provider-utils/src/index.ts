export { type ClassifiedFailure, chatWithRetries, type RetriedChat } from './chat-with-retries';
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
export { parseRetryAfter } from './parse-retry-after';
export { MAX_RETRY_AFTER, type RetryDelayOptions, retryDelay } from './retry-delay';
export {
  nonNegativeOption,
  type RetryEvent,
  type RetryOptions,
  type RetryPolicy,
  retryPolicy,
} from './retry-policy';
export { waitBeforeRetry } from './wait-before-retry';
export { withAttempts } from './with-attempts';
