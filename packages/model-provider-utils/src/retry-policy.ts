import type { ModelProviderError } from './model-provider-error';

/** What `onRetry` is told before each retry. */
export interface RetryEvent {
  /** The model id of the call. */
  readonly model: string;
  /** Which retry this is: 1 for the second request of the call, 2 for the third, … */
  readonly retry: number;
  /** How long the provider waits before sending it, in milliseconds. */
  readonly delay: number;
  /** The failure of the previous request. */
  readonly error: ModelProviderError;
}

/** The retry options a model provider takes, each with the same default in every provider. */
export interface RetryOptions {
  /** Retries after a 429, a 5xx, a 408 or 409 or a network failure; 0 disables them. Defaults to 2. */
  readonly maxRetries?: number;
  /**
   * The first retry's delay in milliseconds before jitter; each further retry doubles it.
   * Defaults to 500. A `retry-after` header of at most 60 seconds is honoured instead.
   */
  readonly retryBaseDelay?: number;
  /** The longest backoff delay in milliseconds. Defaults to 8,000. */
  readonly retryMaxDelay?: number;
  /** Called before each retry (for logging). */
  readonly onRetry?: (event: RetryEvent) => void;
}

/** When and how often a call is retried. */
export interface RetryPolicy {
  readonly maxRetries: number;
  readonly baseDelay: number;
  readonly maxDelay: number;
  readonly onRetry?: (event: RetryEvent) => void;
}

/**
 * `value` when it is a non-negative (integer) number, `fallback` when it is undefined. Throws a
 * `TypeError` naming the option otherwise.
 */
export function nonNegativeOption(
  name: string,
  value: number | undefined,
  fallback: number,
  integer = false,
): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    throw new TypeError(`${name} must be a non-negative ${integer ? 'integer' : 'number'}`);
  }
  return value;
}

/**
 * The retry policy of a provider's options: 2 retries, 500 ms first backoff, 8 s longest.
 * Throws a `TypeError` for a negative or non-finite option.
 */
export function retryPolicy(options: RetryOptions): RetryPolicy {
  return {
    maxRetries: nonNegativeOption('maxRetries', options.maxRetries, 2, true),
    baseDelay: nonNegativeOption('retryBaseDelay', options.retryBaseDelay, 500),
    maxDelay: nonNegativeOption('retryMaxDelay', options.retryMaxDelay, 8_000),
    onRetry: options.onRetry,
  };
}
