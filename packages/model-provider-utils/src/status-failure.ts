import { ModelAuthenticationError } from './model-authentication-error';
import { ModelBadRequestError } from './model-bad-request-error';
import type { ModelProviderError } from './model-provider-error';
import { ModelRateLimitedError } from './model-rate-limited-error';
import { ModelServerError } from './model-server-error';

/** Options of {@link statusFailure}. */
export interface StatusFailureOptions {
  /** The HTTP status of the endpoint's answer. */
  readonly status: number;
  /** The server's own message, already plain and short (see `plainErrorText`). */
  readonly serverMessage: string;
  /** How many requests the call has sent, this one included. */
  readonly attempts: number;
  /** The error the client library threw. */
  readonly cause: unknown;
}

/** Statuses below 500 that say the endpoint could not answer now, not that the request is wrong. */
const TRANSIENT_CLIENT_STATUSES: ReadonlySet<number> = new Set([408, 409]);

/**
 * The typed failure of an HTTP error status, by class: 401 and 403 `ModelAuthenticationError`,
 * 429 `ModelRateLimitedError`, 5xx `ModelServerError`, 408 (request timeout) and 409 (conflict)
 * also `ModelServerError` — transient, retried as the providers' own SDKs do — and any other
 * `ModelBadRequestError`. The message names the status and ends with the server's message.
 */
export function statusFailure(options: StatusFailureOptions): ModelProviderError {
  const { status } = options;
  const errorOptions = { status, attempts: options.attempts, cause: options.cause };
  const detail = `(HTTP ${status}): ${options.serverMessage}`;
  if (status === 401 || status === 403) {
    return new ModelAuthenticationError(`the model endpoint refused the credentials ${detail}`, errorOptions);
  }
  if (status === 429) {
    return new ModelRateLimitedError(`the model endpoint is rate limiting requests ${detail}`, errorOptions);
  }
  if (status >= 500 || TRANSIENT_CLIENT_STATUSES.has(status)) {
    return new ModelServerError(`the model endpoint failed ${detail}`, errorOptions);
  }
  return new ModelBadRequestError(`the model endpoint rejected the request ${detail}`, errorOptions);
}
