import { ChatAbortedError, ChatFailedError, LlmError } from '@aalis/api-llm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deltaRecorder, modelOf, providerFor, useScriptedChatServer } from '../test/chat-fixture';
import {
  brokenStreamReply,
  chunk,
  deferred,
  droppedConnectionReply,
  hangingReply,
  rawStreamReply,
  sseEvent,
  startScriptedChatServer,
  statusReply,
  textReply,
} from '../test/scripted-chat-server';
import {
  createOpenAIModelProvider,
  ModelAuthenticationError,
  ModelBadRequestError,
  ModelInvalidResponseError,
  ModelNetworkError,
  ModelProviderError,
  ModelRateLimitedError,
  ModelServerError,
  type RetryEvent,
} from './index';

const server = useScriptedChatServer();
const user = [{ role: 'user' as const, content: 'hi' }];

afterEach(() => {
  vi.useRealTimers();
});

/** The rejection of a chat call, asserting it is a `ChatFailedError` and returning its provider error. */
async function failureOf(
  call: Promise<unknown>,
): Promise<{ chat: ChatFailedError; cause: ModelProviderError }> {
  const error = await call.then(
    () => {
      throw new Error('the call resolved');
    },
    (rejection: unknown) => rejection,
  );
  if (!ChatFailedError.isInstance(error)) throw error;
  if (!ModelProviderError.isInstance(error.cause)) throw new Error('the cause is not a ModelProviderError');
  return { chat: error, cause: error.cause };
}

const rateLimited = statusReply(429, { error: { message: 'slow down', type: 'rate_limit' } });
const serverError = statusReply(500, { error: { message: 'boom' } });

describe('retries', () => {
  it('retries after a 429 and resolves with the next answer, telling onRetry', async () => {
    server().script(rateLimited, textReply('fine'));
    const retries: RetryEvent[] = [];
    const provider = providerFor(server(), { onRetry: (event) => retries.push(event) });
    const response = await provider.chat({ model: await modelOf(provider), messages: user });
    expect(response.content).toBe('fine');
    expect(server().requests).toHaveLength(2);
    expect(server().requests[1]?.body).toEqual(server().requests[0]?.body);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ model: 'test-model', retry: 1 });
    expect(ModelRateLimitedError.isInstance(retries[0]?.error)).toBe(true);
  });

  it.each([408, 409])(
    'retries after a transient %i as a server error, as the OpenAI SDK does',
    async (status) => {
      server().script(statusReply(status, { error: { message: 'try again' } }), textReply('fine'));
      const retries: RetryEvent[] = [];
      const provider = providerFor(server(), { onRetry: (event) => retries.push(event) });
      const response = await provider.chat({ model: await modelOf(provider), messages: user });
      expect(response.content).toBe('fine');
      expect(server().requests).toHaveLength(2);
      expect(retries[0]?.error).toMatchObject({ code: 'MODEL_SERVER_ERROR', status });
    },
  );

  it('honours retry-after-ms instead of the backoff delay', async () => {
    server().script(
      statusReply(429, { error: { message: 'wait' } }, { 'retry-after-ms': '3' }),
      textReply('ok'),
    );
    const delays: number[] = [];
    const provider = providerFor(server(), {
      retryBaseDelay: 60_000,
      retryMaxDelay: 60_000,
      onRetry: (event) => delays.push(event.delay),
    });
    await provider.chat({ model: await modelOf(provider), messages: user });
    expect(delays).toEqual([3]);
  });

  it('waits the retry-after seconds before retrying', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server().script(
      statusReply(503, { error: { message: 'busy' } }, { 'retry-after': '2' }),
      textReply('ok'),
    );
    const retrying = deferred<RetryEvent>();
    const provider = providerFor(server(), { onRetry: (event) => retrying.resolve(event) });
    const call = provider.chat({ model: await modelOf(provider), messages: user });
    expect((await retrying.promise).delay).toBe(2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server().requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await call).content).toBe('ok');
    expect(server().requests).toHaveLength(2);
  });

  it('backs off exponentially with jitter when the server gives no retry-after', async () => {
    server().script(serverError, serverError, serverError, textReply('ok'));
    const delays: number[] = [];
    const provider = providerFor(server(), {
      maxRetries: 3,
      retryBaseDelay: 4,
      retryMaxDelay: 12,
      onRetry: (event) => delays.push(event.delay),
    });
    await provider.chat({ model: await modelOf(provider), messages: user });
    const [first, second, third] = delays;
    expect(first).toBeGreaterThanOrEqual(2);
    expect(first).toBeLessThanOrEqual(4);
    expect(second).toBeGreaterThanOrEqual(4);
    expect(second).toBeLessThanOrEqual(8);
    expect(third).toBeGreaterThanOrEqual(6);
    expect(third).toBeLessThanOrEqual(12);
  });

  it('gives up on 5xx after maxRetries with MODEL_SERVER_ERROR, retryable, counting the attempts', async () => {
    server().script(serverError, serverError, serverError);
    const provider = providerFor(server(), { maxRetries: 2 });
    const { chat, cause } = await failureOf(
      provider.chat({ model: await modelOf(provider), messages: user }),
    );
    expect(server().requests).toHaveLength(3);
    expect(ModelServerError.isInstance(cause)).toBe(true);
    expect(cause).toMatchObject({ code: 'MODEL_SERVER_ERROR', status: 500, attempts: 3, retryable: true });
    expect(chat).toMatchObject({ code: 'CHAT_FAILED', status: 500, retryable: true });
    expect(chat.message).toContain('boom');
  });

  it('gives up on 429 after the retries with MODEL_RATE_LIMITED', async () => {
    server().script(rateLimited, rateLimited);
    const provider = providerFor(server(), { maxRetries: 1 });
    const { cause } = await failureOf(provider.chat({ model: await modelOf(provider), messages: user }));
    expect(cause).toMatchObject({ code: 'MODEL_RATE_LIMITED', status: 429, attempts: 2 });
  });

  it('does not retry at all with maxRetries 0', async () => {
    server().script(serverError);
    const provider = providerFor(server(), { maxRetries: 0 });
    const { cause } = await failureOf(provider.chat({ model: await modelOf(provider), messages: user }));
    expect(cause.attempts).toBe(1);
    expect(server().requests).toHaveLength(1);
  });
});

describe('typed failures', () => {
  it('fails at once on 401 with MODEL_AUTHENTICATION_FAILED', async () => {
    server().script(statusReply(401, { error: { message: 'Incorrect API key provided' } }));
    const provider = providerFor(server());
    const { chat, cause } = await failureOf(
      provider.chat({ model: await modelOf(provider), messages: user }),
    );
    expect(server().requests).toHaveLength(1);
    expect(ModelAuthenticationError.isInstance(cause)).toBe(true);
    expect(cause).toMatchObject({ status: 401, retryable: false });
    expect(chat.retryable).toBe(false);
    expect(chat.message).toContain('Incorrect API key provided');
  });

  it('fails at once on 403 with MODEL_AUTHENTICATION_FAILED', async () => {
    server().script(statusReply(403, { error: { message: 'forbidden' } }));
    const provider = providerFor(server());
    const { cause } = await failureOf(provider.chat({ model: await modelOf(provider), messages: user }));
    expect(cause).toMatchObject({ code: 'MODEL_AUTHENTICATION_FAILED', status: 403 });
  });

  it("fails at once on 400 with MODEL_BAD_REQUEST carrying the server's message", async () => {
    const message = "This model's maximum context length is 8192 tokens.";
    server().script(statusReply(400, { error: { message, type: 'invalid_request_error' } }));
    const provider = providerFor(server());
    const { chat, cause } = await failureOf(
      provider.chat({ model: await modelOf(provider), messages: user }),
    );
    expect(server().requests).toHaveLength(1);
    expect(ModelBadRequestError.isInstance(cause)).toBe(true);
    expect(cause.message).toContain(message);
    expect(chat.message).toContain(message);
  });

  it('treats 404 (a model the endpoint does not serve) as MODEL_BAD_REQUEST', async () => {
    server().script(statusReply(404, { error: { message: 'model "test-model" not found' } }));
    const provider = providerFor(server());
    const { cause } = await failureOf(provider.chat({ model: await modelOf(provider), messages: user }));
    expect(cause).toMatchObject({ code: 'MODEL_BAD_REQUEST', status: 404 });
  });

  it('fails with MODEL_INVALID_RESPONSE on malformed server-sent events, without retrying', async () => {
    server().script(rawStreamReply(`${sseEvent(chunk({ content: 'a' }))}data: {not json\n\n`));
    const provider = providerFor(server());
    const { cause } = await failureOf(provider.chat({ model: await modelOf(provider), messages: user }));
    expect(ModelInvalidResponseError.isInstance(cause)).toBe(true);
    expect(cause.retryable).toBe(false);
    expect(server().requests).toHaveLength(1);
  });

  it('retries an error event that opens the stream, reported as MODEL_SERVER_ERROR', async () => {
    server().script(rawStreamReply(sseEvent({ error: { message: 'overloaded' } })), textReply('ok'));
    const retries: RetryEvent[] = [];
    const provider = providerFor(server(), { onRetry: (event) => retries.push(event) });
    const response = await provider.chat({ model: await modelOf(provider), messages: user });
    expect(response.content).toBe('ok');
    expect(ModelServerError.isInstance(retries[0]?.error)).toBe(true);
    expect(retries[0]?.error.message).toContain('overloaded');
  });

  it('fails with MODEL_SERVER_ERROR on an error event after deltas were reported, without retrying', async () => {
    server().script(
      rawStreamReply(
        `${sseEvent(chunk({ content: 'Hal' }))}${sseEvent({ error: { message: 'overloaded' } })}`,
      ),
    );
    const provider = providerFor(server());
    const { cause } = await failureOf(provider.chat({ model: await modelOf(provider), messages: user }));
    expect(cause).toMatchObject({ code: 'MODEL_SERVER_ERROR', status: undefined });
    expect(server().requests).toHaveLength(1);
  });

  it('retries a connection dropped before any header, as MODEL_NETWORK_ERROR', async () => {
    server().script(droppedConnectionReply, textReply('ok'));
    const retries: RetryEvent[] = [];
    const provider = providerFor(server(), { onRetry: (event) => retries.push(event) });
    const response = await provider.chat({ model: await modelOf(provider), messages: user });
    expect(response.content).toBe('ok');
    expect(ModelNetworkError.isInstance(retries[0]?.error)).toBe(true);
  });

  it('fails with MODEL_NETWORK_ERROR when nothing listens, after the retries', async () => {
    const closed = await startScriptedChatServer();
    await closed.close();
    const provider = createOpenAIModelProvider({
      baseURL: closed.baseURL,
      models: [{ name: 'test-model' }],
      maxRetries: 1,
      retryBaseDelay: 1,
    });
    const { cause } = await failureOf(provider.chat({ model: await modelOf(provider), messages: user }));
    expect(cause).toMatchObject({
      code: 'MODEL_NETWORK_ERROR',
      attempts: 2,
      retryable: true,
      status: undefined,
    });
  });

  it('does not retry a stream that broke after deltas were reported, failing with MODEL_NETWORK_ERROR', async () => {
    const firstDelta = deferred();
    server().script(brokenStreamReply([chunk({ content: 'Hal' })], firstDelta.promise));
    const provider = providerFor(server());
    const { deltas, onDelta } = deltaRecorder();
    const call = provider.chat({
      model: await modelOf(provider),
      messages: user,
      onDelta: (delta) => {
        onDelta(delta);
        firstDelta.resolve();
      },
    });
    const { cause } = await failureOf(call);
    expect(deltas).toEqual([{ type: 'content', text: 'Hal' }]);
    expect(ModelNetworkError.isInstance(cause)).toBe(true);
    expect(server().requests).toHaveLength(1);
  });

  it('lets a throw of the delta callback pass through unchanged, without retrying', async () => {
    server().script(textReply('a', 'b'));
    const provider = providerFor(server());
    const mistake = new Error('caller bug');
    const call = provider.chat({
      model: await modelOf(provider),
      messages: user,
      onDelta: () => {
        throw mistake;
      },
    });
    await expect(call).rejects.toBe(mistake);
    expect(server().requests).toHaveLength(1);
  });
});

describe('abort', () => {
  it('[ABT-1] stops a hanging stream at once, rejecting with ChatAbortedError that keeps signal.reason', async () => {
    const opened = deferred();
    const closed = deferred();
    server().script(hangingReply([chunk({ content: 'Thinking' })], { opened, closed }));
    const provider = providerFor(server());
    const controller = new AbortController();
    const firstDelta = deferred();
    const call = provider.chat({
      model: await modelOf(provider),
      messages: user,
      signal: controller.signal,
      onDelta: () => firstDelta.resolve(),
    });
    await firstDelta.promise;
    const reason = new Error('user pressed stop');
    controller.abort(reason);
    const error = await call.catch((rejection: unknown) => rejection);
    expect(ChatAbortedError.isInstance(error)).toBe(true);
    expect((error as ChatAbortedError).cause).toBe(reason);
    await closed.promise;
    expect(server().requests).toHaveLength(1);
  });

  it('[ABT-1] aborts while waiting for the response headers', async () => {
    const closed = deferred();
    server().script((_request, response) => {
      response.on('close', () => closed.resolve());
    });
    const provider = providerFor(server());
    const controller = new AbortController();
    const call = provider.chat({ model: await modelOf(provider), messages: user, signal: controller.signal });
    await server().received(1);
    controller.abort('stop');
    await expect(call).rejects.toSatisfy(ChatAbortedError.isInstance);
    await closed.promise;
  });

  it('[ABT-1] aborts during the backoff wait and sends no further request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server().script(serverError);
    const controller = new AbortController();
    const provider = providerFor(server(), {
      retryBaseDelay: 10_000,
      retryMaxDelay: 10_000,
      onRetry: () => controller.abort('enough'),
    });
    const error = await provider
      .chat({ model: await modelOf(provider), messages: user, signal: controller.signal })
      .catch((rejection: unknown) => rejection);
    expect(ChatAbortedError.isInstance(error)).toBe(true);
    expect((error as ChatAbortedError).cause).toBe('enough');
    expect(vi.getTimerCount()).toBe(0);
    expect(server().requests).toHaveLength(1);
  });

  it('[ABT-1] sends nothing for an already aborted signal', async () => {
    const provider = providerFor(server());
    const error = await provider
      .chat({ model: await modelOf(provider), messages: user, signal: AbortSignal.abort('before') })
      .catch((rejection: unknown) => rejection);
    expect(ChatAbortedError.isInstance(error)).toBe(true);
    expect(LlmError.isInstance(error)).toBe(true);
    expect(server().requests).toEqual([]);
  });
});
