/** The longest `retry-after` this provider waits for; a longer one falls back to backoff. */
export const MAX_RETRY_AFTER = 60_000;

/** Options of {@link retryDelay}. */
export interface RetryDelayOptions {
  /** Which retry: 1 for the first. */
  readonly retry: number;
  readonly baseDelay: number;
  readonly maxDelay: number;
  /** What the server asked for, in milliseconds, when it did. */
  readonly retryAfter?: number;
  /** A number in [0, 1); `Math.random` in production. */
  readonly random: number;
}

/**
 * How long to wait before a retry: the server's `retry-after` when it gave one between 0
 * and {@link MAX_RETRY_AFTER}, otherwise exponential backoff with equal jitter: half of
 * `min(maxDelay, baseDelay * 2^(retry - 1))` plus a random share of the other half.
 */
export function retryDelay(options: RetryDelayOptions): number {
  const { retryAfter } = options;
  if (retryAfter !== undefined && retryAfter >= 0 && retryAfter <= MAX_RETRY_AFTER) return retryAfter;
  const exponential = Math.min(options.maxDelay, options.baseDelay * 2 ** (options.retry - 1));
  return Math.round(exponential / 2 + (exponential / 2) * options.random);
}
