import { ChatAbortedError, type ChatDelta, ChatFailedError, type ChatResponse } from '@aalis/api-llm';
import { DeltaCallbackFailure } from './delta-callback-failure';
import type { ModelProviderError } from './model-provider-error';
import { parseRetryAfter } from './parse-retry-after';
import { retryDelay } from './retry-delay';
import type { RetryPolicy } from './retry-policy';
import { waitBeforeRetry } from './wait-before-retry';

/** The failure of one request with what the retry loop needs to decide about a retry. */
export interface ClassifiedFailure {
  readonly error: ModelProviderError;
  /** The response headers (for `retry-after`), when there was a response. */
  readonly headers: Headers | undefined;
}

/** One model call as {@link chatWithRetries} sends it, once per attempt. */
export interface RetriedChat {
  /** The model id of the call, told to `onRetry`. */
  readonly model: string;
  readonly signal?: AbortSignal;
  /** The caller's delta callback; a throw of it passes through unchanged, never retried. */
  readonly onDelta?: (delta: ChatDelta) => void;
  /** Sends one request, reporting each streamed delta to `onDelta` as it arrives. */
  readonly send: (onDelta: (delta: ChatDelta) => void) => Promise<ChatResponse>;
  /** Turns whatever one request threw into a typed failure; `attempts` counts this request. */
  readonly classify: (error: unknown, attempts: number) => ClassifiedFailure;
}

type AttemptOutcome =
  | { readonly response: ChatResponse }
  | { readonly failure: ClassifiedFailure; readonly streamed: boolean };

function aborted(signal: AbortSignal): ChatAbortedError {
  return new ChatAbortedError({ cause: signal.reason });
}

async function attempt(call: RetriedChat, attempts: number): Promise<AttemptOutcome> {
  const { signal } = call;
  let streamed = false;
  const onDelta = (delta: ChatDelta) => {
    streamed = true;
    try {
      call.onDelta?.(delta);
    } catch (error) {
      throw new DeltaCallbackFailure(error);
    }
  };
  try {
    const response = await call.send(onDelta);
    if (signal?.aborted) throw aborted(signal);
    return { response };
  } catch (error) {
    if (signal?.aborted) throw aborted(signal);
    if (error instanceof DeltaCallbackFailure) throw error.error;
    return { failure: call.classify(error, attempts), streamed };
  }
}

function chatFailed(failure: ClassifiedFailure): ChatFailedError {
  const { error } = failure;
  const message = error.attempts > 1 ? `${error.message} (${error.attempts} attempts)` : error.message;
  return new ChatFailedError(message, { status: error.status, retryable: error.retryable, cause: error });
}

/**
 * Sends a call, retrying a retryable failure (429, 5xx, an error in the stream, network, an
 * idle timeout, a stream cut off before its finish) up to `maxRetries` times with backoff and
 * jitter or the server's `retry-after`. A failure after the first delta was reported is not
 * retried (the caller has seen part of the reply), and nothing is retried once `signal`
 * aborted. Rejects with `ChatAbortedError` (cause: the signal's reason) on abort, also during
 * a backoff wait ([ABT-1]), and with `ChatFailedError` whose cause is the
 * `ModelProviderError` otherwise; a throw of `onDelta` passes through unchanged.
 */
export async function chatWithRetries(call: RetriedChat, policy: RetryPolicy): Promise<ChatResponse> {
  for (let attempts = 1; ; attempts += 1) {
    const outcome = await attempt(call, attempts);
    if ('response' in outcome) return outcome.response;
    const { failure } = outcome;
    if (!failure.error.retryable || outcome.streamed || attempts > policy.maxRetries)
      throw chatFailed(failure);
    const delay = retryDelay({
      retry: attempts,
      baseDelay: policy.baseDelay,
      maxDelay: policy.maxDelay,
      retryAfter: parseRetryAfter(failure.headers, Date.now()),
      random: Math.random(),
    });
    policy.onRetry?.({ model: call.model, retry: attempts, delay, error: failure.error });
    await waitBeforeRetry(delay, call.signal);
  }
}
