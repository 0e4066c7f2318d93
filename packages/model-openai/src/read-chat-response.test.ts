import { ChatFailedError } from '@aalis/api-llm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modelOf, providerFor, useScriptedChatServer } from '../test/chat-fixture';
import {
  chunk,
  deferred,
  rawStreamReply,
  replayReply,
  type ScriptedChatServer,
  silentAfterHeadersReply,
  sseEvent,
  sseReply,
  textReply,
} from '../test/scripted-chat-server';
import {
  ModelInvalidResponseError,
  ModelNetworkError,
  ModelProviderError,
  ModelServerError,
  type OpenAIModelProviderOptions,
  type RetryEvent,
} from './index';

const server = useScriptedChatServer();
const user = [{ role: 'user' as const, content: 'hi' }];

afterEach(() => {
  vi.useRealTimers();
});

async function causeOf(call: Promise<unknown>): Promise<ModelProviderError> {
  const error = await call.then(
    () => {
      throw new Error('the call resolved');
    },
    (rejection: unknown) => rejection,
  );
  if (!ChatFailedError.isInstance(error) || !ModelProviderError.isInstance(error.cause)) throw error;
  return error.cause;
}

async function chatWith(scripted: ScriptedChatServer, options: Partial<OpenAIModelProviderOptions> = {}) {
  const provider = providerFor(scripted, options);
  return provider.chat({ model: await modelOf(provider), messages: user });
}

const roleChunk = sseEvent(chunk({ role: 'assistant', content: '' }));

describe('a response that goes silent (D4)', () => {
  it('[D4] fails with MODEL_NETWORK_ERROR when the headers come and then nothing for idleTimeout, and closes the connection', async () => {
    // The exact timing and the cleared timer are checked with fake timers in
    // read-text-with-idle-timeout.test.ts; undici keeps timers of its own, so here the
    // server simply never sends anything and the short idle timeout must end the call.
    const closed = deferred();
    server().script(silentAfterHeadersReply({ closed }));
    const cause = await causeOf(chatWith(server(), { idleTimeout: 30, maxRetries: 0 }));
    expect(ModelNetworkError.isInstance(cause)).toBe(true);
    expect(cause.message).toContain('sent nothing for 30 ms');
    await closed.promise;
  });

  it('[D4] retries a response that stayed silent after its headers, since nothing was reported yet', async () => {
    server().script(silentAfterHeadersReply({ closed: deferred() }), textReply('ok'));
    const retries: RetryEvent[] = [];
    const response = await chatWith(server(), { idleTimeout: 20, onRetry: (event) => retries.push(event) });
    expect(response.content).toBe('ok');
    expect(ModelNetworkError.isInstance(retries[0]?.error)).toBe(true);
  });

  it('rejects a negative idleTimeout with a TypeError', () => {
    expect(() => providerFor(server(), { idleTimeout: -1 })).toThrow(TypeError);
  });
});

describe('a stream that ends without saying it is finished (D3)', () => {
  it('[D3] retries a stream that closed before any delta, like a dropped connection', async () => {
    server().script(rawStreamReply(roleChunk), textReply('whole reply'));
    const retries: RetryEvent[] = [];
    const response = await chatWith(server(), { onRetry: (event) => retries.push(event) });
    expect(response.content).toBe('whole reply');
    expect(ModelNetworkError.isInstance(retries[0]?.error)).toBe(true);
    expect(retries[0]?.error.message).toContain('cut off');
  });

  it('[D3] fails, without retrying, a stream that closed after text with no finish reason and no [DONE]', async () => {
    server().script(rawStreamReply(`${roleChunk}${sseEvent(chunk({ content: 'The first half' }))}`));
    const cause = await causeOf(chatWith(server()));
    expect(ModelNetworkError.isInstance(cause)).toBe(true);
    expect(cause.message).toContain('cut off');
    expect(server().requests).toHaveLength(1);
  });

  it('accepts a stream that ends with a finish reason but without [DONE]', async () => {
    server().script(rawStreamReply(`${sseEvent(chunk({ content: 'done' }, 'stop'))}`));
    expect((await chatWith(server())).content).toBe('done');
  });
});

describe('errors the server reports in the stream', () => {
  const errorLine = 'error: {"code":500,"message":"the model crashed","type":"server_error"}\n\n';

  it('retries an error line that comes before any chunk and, after the retries, reports its message', async () => {
    server().script(rawStreamReply(errorLine), rawStreamReply(errorLine));
    const cause = await causeOf(chatWith(server(), { maxRetries: 1 }));
    expect(ModelServerError.isInstance(cause)).toBe(true);
    expect(cause.message).toContain('the model crashed');
    expect(cause.attempts).toBe(2);
  });

  it('fails with the message of an `event: error` event', async () => {
    server().script(rawStreamReply('event: error\ndata: {"code":400,"details":"logprobs too large"}\n\n'));
    const cause = await causeOf(chatWith(server(), { maxRetries: 0 }));
    expect(cause.message).toContain('logprobs too large');
  });
});

describe('answers that are not an event stream', () => {
  const nginxPage =
    '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1>' +
    '</center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

  it('quotes an HTML error page as plain text, without its markup', async () => {
    server().script(replayReply(nginxPage, { status: 502, contentType: 'text/html' }));
    const cause = await causeOf(chatWith(server(), { maxRetries: 0 }));
    expect(cause).toMatchObject({ code: 'MODEL_SERVER_ERROR', status: 502 });
    expect(cause.message).toBe('the model endpoint failed (HTTP 502): 502 Bad Gateway 502 Bad Gateway nginx');
  });

  it('says that the endpoint ignored stream: true when it answers with one JSON chat completion', async () => {
    const completion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
    };
    server().script(replayReply(JSON.stringify(completion), { contentType: 'application/json' }));
    const cause = await causeOf(chatWith(server()));
    expect(ModelInvalidResponseError.isInstance(cause)).toBe(true);
    expect(cause.message).toContain('instead of an event stream');
    expect(server().requests).toHaveLength(1);
  });

  it("reports the server's message when a 200 JSON answer is an error", async () => {
    server().script(
      replayReply('{"error":{"message":"model is loading"}}', { contentType: 'application/json' }),
    );
    const cause = await causeOf(chatWith(server(), { maxRetries: 0 }));
    expect(ModelServerError.isInstance(cause)).toBe(true);
    expect(cause.message).toContain('model is loading');
  });

  it('names the content type of a body without any event', async () => {
    server().script(
      replayReply('<html><body>Sign in to the Wi-Fi</body></html>', { contentType: 'text/html' }),
    );
    const cause = await causeOf(chatWith(server()));
    expect(ModelInvalidResponseError.isInstance(cause)).toBe(true);
    expect(cause.message).toContain('answered with text/html, not an event stream');
  });
});

describe('tool calls as the server sent them', () => {
  it('sends back, in the next request, two calls that reused index 0 and arguments that came as an object', async () => {
    server().script(
      sseReply([
        chunk({
          tool_calls: [{ index: 0, id: 'a', function: { name: 'clock', arguments: { zone: 'UTC' } } }],
        }),
        chunk(
          { tool_calls: [{ index: 0, id: 'b', function: { name: 'date', arguments: '{}' } }] },
          'tool_calls',
        ),
      ]),
      textReply('done'),
    );
    const provider = providerFor(server());
    const model = await modelOf(provider);
    const first = await provider.chat({ model, messages: user });
    expect(first.toolCalls).toEqual([
      { id: 'a', name: 'clock', arguments: '{"zone":"UTC"}' },
      { id: 'b', name: 'date', arguments: '{}' },
    ]);
    const results = first.toolCalls.map((call) => ({
      role: 'tool' as const,
      content: 'x',
      toolCallId: call.id,
    }));
    await provider.chat({
      model,
      messages: [...user, { role: 'assistant', content: '', toolCalls: first.toolCalls }, ...results],
    });
    const messages = (server().requests[1]?.body.messages ?? []) as { tool_calls?: unknown }[];
    const sent = messages[1];
    expect(sent?.tool_calls).toEqual([
      { id: 'a', type: 'function', function: { name: 'clock', arguments: '{"zone":"UTC"}' } },
      { id: 'b', type: 'function', function: { name: 'date', arguments: '{}' } },
    ]);
  });
});
