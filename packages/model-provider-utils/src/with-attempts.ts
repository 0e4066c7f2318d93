import { ModelAuthenticationError } from './model-authentication-error';
import { ModelBadRequestError } from './model-bad-request-error';
import { ModelInvalidResponseError } from './model-invalid-response-error';
import { ModelNetworkError } from './model-network-error';
import type {
  ModelProviderError,
  ModelProviderErrorCode,
  ModelProviderErrorOptions,
} from './model-provider-error';
import { ModelRateLimitedError } from './model-rate-limited-error';
import { ModelServerError } from './model-server-error';

/** A subclass of `ModelProviderError`: it takes a message and the options without `code` and `retryable`. */
export type ModelProviderErrorClass = new (
  message: string,
  options: Omit<ModelProviderErrorOptions, 'code' | 'retryable'>,
) => ModelProviderError;

const classes: Readonly<Record<ModelProviderErrorCode, ModelProviderErrorClass>> = {
  MODEL_AUTHENTICATION_FAILED: ModelAuthenticationError,
  MODEL_RATE_LIMITED: ModelRateLimitedError,
  MODEL_SERVER_ERROR: ModelServerError,
  MODEL_BAD_REQUEST: ModelBadRequestError,
  MODEL_NETWORK_ERROR: ModelNetworkError,
  MODEL_INVALID_RESPONSE: ModelInvalidResponseError,
};

/**
 * The same failure counting `attempts` requests: a failure found while reading a stream is
 * made before the retry loop knows how many requests the call sent.
 */
export function withAttempts(error: ModelProviderError, attempts: number): ModelProviderError {
  if (error.attempts === attempts) return error;
  const ErrorOfCode = classes[error.code];
  return new ErrorOfCode(error.message, { status: error.status, attempts, cause: error.cause });
}
