import { ChatAbortedError, type ChatDelta, ChatFailedError, type ChatResponse } from '@aalis/api-llm';
import type OpenAI from 'openai';
import { type ClassifiedFailure, classifyFailure } from './classify-failure';
import { DeltaCallbackFailure } from './delta-callback-failure';
import type { RetryEvent } from './openai-model-provider-options';
import { parseRetryAfter } from './parse-retry-after';
import { readChatResponse } from './read-chat-response';
import { retryDelay } from './retry-delay';
import type { ChatCompletionBody } from './to-chat-completion-body';
import { waitBeforeRetry } from './wait-before-retry';

/** One model call as the retry loop sends it. */
export interface ChatCall {
  readonly client: OpenAI;
  readonly body: ChatCompletionBody;
  readonly signal?: AbortSignal;
  readonly onDelta?: (delta: ChatDelta) => void;
  /** Milliseconds the response body may stay silent; 0 waits for ever. */
  readonly idleTimeout: number;
}

/** When and how often a call is retried. */
export interface RetryPolicy {
  readonly maxRetries: number;
  readonly baseDelay: number;
  readonly maxDelay: number;
  readonly onRetry?: (event: RetryEvent) => void;
}

type AttemptOutcome =
  | { readonly response: ChatResponse }
  | { readonly failure: ClassifiedFailure; readonly streamed: boolean };

function aborted(signal: AbortSignal): ChatAbortedError {
  return new ChatAbortedError({ cause: signal.reason });
}

async function attempt(call: ChatCall, attempts: number): Promise<AttemptOutcome> {
  const { signal } = call;
  let streamed = false;
  const onDelta = (delta: ChatDelta) => {
    streamed = true;
    call.onDelta?.(delta);
  };
  try {
    // The SDK sends the request and fails on an HTTP error status; the body is read here, so
    // that `error:` lines, keep-alive comments and silence between chunks are seen.
    const answer = await call.client.chat.completions
      .create(call.body, { signal: signal ?? null })
      .asResponse();
    const response = await readChatResponse(answer, { idleTimeout: call.idleTimeout, onDelta });
    if (signal?.aborted) throw aborted(signal);
    return { response };
  } catch (error) {
    if (signal?.aborted) throw aborted(signal);
    if (error instanceof DeltaCallbackFailure) throw error.error;
    return { failure: classifyFailure(error, attempts), streamed };
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
 * jitter or the server's `retry-after`. A failure after the first delta
 * was reported is not retried (the caller has seen part of the reply), and nothing is
 * retried once `signal` aborted. Rejects with `ChatAbortedError` (cause: the signal's
 * reason) on abort, also during a backoff wait, and with `ChatFailedError` whose cause is
 * the `ModelProviderError` otherwise; a throw of `onDelta` passes through unchanged.
 */
export async function chatWithRetries(call: ChatCall, policy: RetryPolicy): Promise<ChatResponse> {
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
    policy.onRetry?.({ model: call.body.model, retry: attempts, delay, error: failure.error });
    await waitBeforeRetry(delay, call.signal);
  }
}
