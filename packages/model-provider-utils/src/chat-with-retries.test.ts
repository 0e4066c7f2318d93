import { ChatAbortedError, type ChatDelta, ChatFailedError, type ChatResponse } from '@aalis/api-llm';
import { describe, expect, it } from 'vitest';
import {
  chatWithRetries,
  ModelBadRequestError,
  type ModelProviderError,
  ModelRateLimitedError,
  type RetriedChat,
  type RetryEvent,
  retryPolicy,
  withAttempts,
} from './index';

const reply: ChatResponse = { content: 'fine', toolCalls: [] };
const policy = retryPolicy({ retryBaseDelay: 0, retryMaxDelay: 0 });

/** A call whose requests answer in turn from `answers`: a response, or an error to throw. */
function scriptedCall(
  answers: ReadonlyArray<ChatResponse | ModelProviderError | ChatDelta[]>,
  extra: Partial<RetriedChat> = {},
): RetriedChat & { readonly sent: () => number } {
  let sent = 0;
  return {
    model: 'm',
    sent: () => sent,
    send: async (onDelta) => {
      const answer = answers[sent++];
      if (answer === undefined) throw new Error('unscripted request');
      if (Array.isArray(answer)) {
        for (const delta of answer) onDelta(delta);
        throw new ModelRateLimitedError('cut after deltas');
      }
      if ('code' in answer) throw answer;
      return answer;
    },
    classify: (error, attempts) => ({
      error: withAttempts(error as ModelProviderError, attempts),
      headers: undefined,
    }),
    ...extra,
  };
}

describe('chatWithRetries', () => {
  it('sends a retryable failure again and resolves with the next answer, telling onRetry', async () => {
    const retries: RetryEvent[] = [];
    const call = scriptedCall([new ModelRateLimitedError('slow down'), reply]);
    const response = await chatWithRetries(call, { ...policy, onRetry: (event) => retries.push(event) });
    expect(response).toBe(reply);
    expect(call.sent()).toBe(2);
    expect(retries).toMatchObject([{ model: 'm', retry: 1 }]);
  });

  it('gives up after maxRetries with a ChatFailedError counting the attempts', async () => {
    const limited = () => new ModelRateLimitedError('slow down', { status: 429 });
    const call = scriptedCall([limited(), limited(), limited()]);
    const error = await chatWithRetries(call, policy).catch((rejection: unknown) => rejection);
    expect(ChatFailedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, retryable: true, message: 'slow down (3 attempts)' });
    expect(call.sent()).toBe(3);
  });

  it('does not retry a failure that is not retryable', async () => {
    const call = scriptedCall([new ModelBadRequestError('no such field', { status: 400 }), reply]);
    await expect(chatWithRetries(call, policy)).rejects.toMatchObject({ code: 'CHAT_FAILED', status: 400 });
    expect(call.sent()).toBe(1);
  });

  it('does not retry once a delta was reported', async () => {
    const seen: ChatDelta[] = [];
    const call = scriptedCall([[{ type: 'content', text: 'par' }], reply], { onDelta: (d) => seen.push(d) });
    await expect(chatWithRetries(call, policy)).rejects.toMatchObject({ code: 'CHAT_FAILED' });
    expect(seen).toEqual([{ type: 'content', text: 'par' }]);
    expect(call.sent()).toBe(1);
  });

  it('passes a throw of onDelta through unchanged, without a retry', async () => {
    const thrown = new Error('the caller broke');
    const call = scriptedCall([[{ type: 'content', text: 'x' }], reply], {
      onDelta: () => {
        throw thrown;
      },
    });
    await expect(chatWithRetries(call, policy)).rejects.toBe(thrown);
    expect(call.sent()).toBe(1);
  });

  it('[ABT-1] rejects with ChatAbortedError at once when the signal aborts during the backoff wait', async () => {
    const controller = new AbortController();
    const call = scriptedCall([new ModelRateLimitedError('slow down'), reply], { signal: controller.signal });
    const pending = chatWithRetries(call, {
      ...retryPolicy({ retryBaseDelay: 60_000, retryMaxDelay: 60_000 }),
      onRetry: () => controller.abort(new Error('stop')),
    });
    const error = await pending.catch((rejection: unknown) => rejection);
    expect(ChatAbortedError.isInstance(error)).toBe(true);
    expect((error as ChatAbortedError).cause).toEqual(new Error('stop'));
    expect(call.sent()).toBe(1);
  });
});

describe('retryPolicy', () => {
  it('has the defaults every provider shares', () => {
    expect(retryPolicy({})).toMatchObject({ maxRetries: 2, baseDelay: 500, maxDelay: 8_000 });
  });

  it('throws a TypeError naming an invalid option', () => {
    expect(() => retryPolicy({ maxRetries: 1.5 })).toThrow(
      new TypeError('maxRetries must be a non-negative integer'),
    );
    expect(() => retryPolicy({ retryBaseDelay: -1 })).toThrow(TypeError);
    expect(() => retryPolicy({ retryMaxDelay: Number.NaN })).toThrow(TypeError);
  });
});
