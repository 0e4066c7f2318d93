import {
  ChatAbortedError,
  type ChatDelta,
  ChatFailedError,
  type ChatRequest,
  ModelNotFoundError,
  type ResolvedModel,
} from '@aalis/api-llm';
import { ModelProviderError, type RetryEvent } from '@aalis/model-provider-utils';
import {
  APICallError,
  EmptyResponseBodyError,
  InvalidPromptError,
  InvalidResponseDataError,
  JSONParseError,
  type LanguageModelV3CallOptions,
  type LanguageModelV3StreamPart,
  type LanguageModelV3StreamResult,
  LoadAPIKeyError,
  NoContentGeneratedError,
  TypeValidationError,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { type AiSdkModelConfig, type AiSdkModelProviderOptions, createAiSdkModelProvider } from './index';

const usage = {
  inputTokens: { total: 12, noCache: 10, cacheRead: 2, cacheWrite: undefined },
  outputTokens: { total: 5, text: 3, reasoning: 2 },
};

function finish(unified = 'stop', raw: string | undefined = 'end_turn'): LanguageModelV3StreamPart {
  return { type: 'finish', usage, finishReason: { unified, raw } as never };
}

function streamOf(parts: readonly LanguageModelV3StreamPart[]): LanguageModelV3StreamResult {
  return {
    stream: simulateReadableStream({ chunks: [...parts], initialDelayInMs: null, chunkDelayInMs: null }),
  };
}

function textReply(text: string): LanguageModelV3StreamResult {
  return streamOf([
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
    { type: 'text-end', id: 't' },
    finish(),
  ]);
}

/** A model whose calls answer in turn from `answers`: a stream, or an error to throw; more calls fail loudly. */
function scriptedModel(
  answers: ReadonlyArray<LanguageModelV3StreamResult | Error>,
  identity: { modelId?: string; provider?: string } = {},
): MockLanguageModelV3 {
  let calls = 0;
  return new MockLanguageModelV3({
    modelId: identity.modelId ?? 'claude-sonnet-4-5',
    provider: identity.provider ?? 'anthropic.messages',
    doStream: async () => {
      const answer = answers[calls++];
      if (answer === undefined) throw new Error('unscripted doStream call');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
}

/** A stream the test writes to by hand; it never ends unless told, and records its cancellation. */
function handStream() {
  let controller!: ReadableStreamDefaultController<LanguageModelV3StreamPart>;
  const state = { cancelled: false };
  const stream = new ReadableStream<LanguageModelV3StreamPart>({
    start: (opened) => {
      controller = opened;
    },
    cancel: () => {
      state.cancelled = true;
    },
  });
  return { stream, controller, state };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

async function setup(
  model: AiSdkModelConfig['model'],
  options: Partial<AiSdkModelProviderOptions> & { config?: Partial<AiSdkModelConfig> } = {},
) {
  const { config, ...rest } = options;
  const provider = createAiSdkModelProvider({
    name: 'anthropic',
    models: [{ model, ...config }],
    retryBaseDelay: 0,
    retryMaxDelay: 0,
    ...rest,
  });
  const resolved = (await provider.resolveModel()) as ResolvedModel;
  const chat = (request: Partial<ChatRequest> = {}) =>
    provider.chat({ model: resolved, messages: [{ role: 'user', content: 'hi' }], ...request });
  return { provider, resolved, chat };
}

function apiCallError(
  statusCode: number | undefined,
  extra: Partial<{ headers: Record<string, string> }> = {},
) {
  return new APICallError({
    message: statusCode === undefined ? 'Cannot connect to API: ECONNREFUSED' : `server says ${statusCode}`,
    url: 'https://api.example.test/v1/messages',
    requestBodyValues: {},
    statusCode,
    responseHeaders: extra.headers,
    isRetryable: statusCode === undefined || statusCode === 429 || statusCode >= 500,
  });
}

async function rejection(promise: Promise<unknown>): Promise<ChatFailedError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (rejected: unknown) => rejected,
  );
  return error as ChatFailedError;
}

function lastCall(model: MockLanguageModelV3): LanguageModelV3CallOptions {
  const call = model.doStreamCalls.at(-1);
  if (call === undefined) throw new Error('doStream was not called');
  return call;
}

describe('createAiSdkModelProvider: models and options', () => {
  it('resolves references, bare ids and the default; the name defaults to the model id', async () => {
    const first = scriptedModel([]);
    const second = scriptedModel([], { modelId: 'gemini-2.5-flash', provider: 'google.generative-ai' });
    const provider = createAiSdkModelProvider({
      name: 'mixed',
      models: [{ model: first }, { model: second, name: 'flash' }],
      defaultModel: 'flash',
    });
    expect((await provider.resolveModel())?.ref).toBe('mixed/flash');
    expect((await provider.resolveModel('mixed/claude-sonnet-4-5'))?.model).toBe('claude-sonnet-4-5');
    expect((await provider.resolveModel('flash'))?.provider).toBe('mixed');
    expect(await provider.resolveModel('mixed/nope')).toBeUndefined();
    expect(provider.listModels().map((model) => model.ref)).toEqual([
      'mixed/claude-sonnet-4-5',
      'mixed/flash',
    ]);
  });

  it('throws a TypeError for invalid options', () => {
    const model = scriptedModel([]);
    const create = (options: Partial<AiSdkModelProviderOptions>) => () =>
      createAiSdkModelProvider({ name: 'p', models: [{ model }], ...options } as AiSdkModelProviderOptions);
    expect(create({ name: '' })).toThrow(new TypeError('name must be a non-empty string without "/"'));
    expect(create({ name: 'a/b' })).toThrow(TypeError);
    expect(create({ models: [] })).toThrow(new TypeError('models must list at least one model'));
    expect(create({ models: [{ model }, { model }] })).toThrow(TypeError);
    expect(create({ defaultModel: 'other' })).toThrow(TypeError);
    expect(create({ models: [{ model: undefined as never }] })).toThrow(TypeError);
    expect(create({ maxRetries: -1 })).toThrow(TypeError);
  });

  it('rejects a version 2 model object at creation with a TypeError naming the version', () => {
    const v2 = { ...scriptedModel([]), specificationVersion: 'v2' } as never;
    expect(() => createAiSdkModelProvider({ name: 'p', models: [{ model: v2 }] })).toThrow(
      new TypeError(
        'models[0].model implements AI SDK language model specification v2; this provider takes v3 or v4 (update the @ai-sdk provider package)',
      ),
    );
  });

  it('takes capabilities from the options first, then from the table of known models', async () => {
    const { resolved } = await setup(scriptedModel([]), { config: { contextWindow: 50_000, vision: false } });
    expect(resolved.capabilities).toEqual({
      vision: false,
      toolCalls: true,
      thinking: true,
      contextWindow: 50_000,
      maxOutputTokens: 32_000,
    });
  });

  it('gives a model the table does not know conservative defaults', async () => {
    const { resolved } = await setup(scriptedModel([], { modelId: 'house-model-7b' }));
    expect(resolved.capabilities).toEqual({
      vision: false,
      toolCalls: true,
      thinking: false,
      contextWindow: 128_000,
      maxOutputTokens: 4_096,
    });
  });

  it('[HK-3] applies capability overrides, the reference entry over the id entry', async () => {
    const { resolved } = await setup(scriptedModel([], { modelId: 'house-model-7b' }), {
      capabilityOverrides: {
        'house-model-7b': { vision: true, contextWindow: 8_000 },
        'anthropic/house-model-7b': { contextWindow: 16_000 },
      },
    });
    expect(resolved.capabilities).toMatchObject({ vision: true, contextWindow: 16_000 });
  });
});

describe('createAiSdkModelProvider: the prompt', () => {
  const seeing = 'data:image/png;base64,iVBORw0KGgo=';

  it('[HK-3] maps system, user text and images, assistant tool calls and the tool results', async () => {
    const model = scriptedModel([textReply('ok')]);
    const { chat } = await setup(model);
    await chat({
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: 'What is this?',
          images: [{ url: seeing }, { url: 'https://example.test/cat.jpg', mimeType: 'image/jpeg' }],
        },
        {
          role: 'assistant',
          content: 'Looking.',
          toolCalls: [
            { id: 'call-1', name: 'lookup', arguments: '{"q":"cat"}' },
            { id: 'call-2', name: 'weather', arguments: 'not json' },
          ],
        },
        { role: 'tool', toolCallId: 'call-1', content: 'a cat' },
        { role: 'tool', toolCallId: 'call-2', content: 'sunny' },
        { role: 'user', content: 'Thanks' },
      ],
    });
    expect(lastCall(model).prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'file', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
          { type: 'file', data: new URL('https://example.test/cat.jpg'), mediaType: 'image/jpeg' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup', input: { q: 'cat' } },
          { type: 'tool-call', toolCallId: 'call-2', toolName: 'weather', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call-1',
            toolName: 'lookup',
            output: { type: 'text', value: 'a cat' },
          },
          {
            type: 'tool-result',
            toolCallId: 'call-2',
            toolName: 'weather',
            output: { type: 'text', value: 'sunny' },
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
  });

  it('[HK-3] leaves images out for a model without vision, and tools for one without tool calls', async () => {
    const model = scriptedModel([textReply('ok')], { modelId: 'house-model-7b' });
    const { chat } = await setup(model, { config: { toolCalls: false } });
    await chat({
      messages: [{ role: 'user', content: 'look', images: [{ url: seeing }] }],
      tools: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object' } }],
    });
    expect(lastCall(model).prompt).toEqual([{ role: 'user', content: [{ type: 'text', text: 'look' }] }]);
    expect(lastCall(model).tools).toBeUndefined();
  });

  it('sends tools, the reply limit (the model maximum by default), the temperature and the signal', async () => {
    const model = scriptedModel([textReply('a'), textReply('b')]);
    const { chat } = await setup(model, { config: { maxOutputTokens: 2_000 } });
    const signal = new AbortController().signal;
    await chat({
      tools: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object', properties: {} } }],
      temperature: 0.2,
      signal,
    });
    expect(lastCall(model)).toMatchObject({
      tools: [
        {
          type: 'function',
          name: 'lookup',
          description: 'Looks up',
          inputSchema: { type: 'object', properties: {} },
        },
      ],
      maxOutputTokens: 2_000,
      temperature: 0.2,
      abortSignal: signal,
    });
    await chat({ maxTokens: 100 });
    expect(lastCall(model).maxOutputTokens).toBe(100);
    expect(lastCall(model)).not.toHaveProperty('temperature');
  });

  it('adds the default thinking options of the provider when the request asks for thinking', async () => {
    const anthropic = scriptedModel([textReply('a'), textReply('b')]);
    const { chat } = await setup(anthropic, {
      config: { providerOptions: { anthropic: { sendReasoning: true } } },
    });
    await chat({ thinking: true });
    expect(lastCall(anthropic).providerOptions).toEqual({
      anthropic: { sendReasoning: true, thinking: { type: 'enabled', budgetTokens: 8_192 } },
    });
    await chat({ thinking: false });
    expect(lastCall(anthropic).providerOptions).toEqual({ anthropic: { sendReasoning: true } });

    const google = scriptedModel([textReply('a')], {
      modelId: 'gemini-2.5-pro',
      provider: 'google.generative-ai',
    });
    await (await setup(google)).chat({ thinking: true });
    expect(lastCall(google).providerOptions).toEqual({
      google: { thinkingConfig: { includeThoughts: true, thinkingBudget: 8_192 } },
    });
  });

  it('thinks on the first call of an Anthropic tool loop only: later calls cannot give its signed thinking back', async () => {
    const anthropic = scriptedModel([textReply('a'), textReply('b')]);
    const { chat } = await setup(anthropic);
    const call = { id: 'toolu_1', name: 'lookup', arguments: '{}' };
    const loop = [
      { role: 'user' as const, content: 'look it up' },
      { role: 'assistant' as const, content: '', toolCalls: [call] },
      { role: 'tool' as const, toolCallId: 'toolu_1', content: 'found' },
    ];
    await chat({ thinking: true, messages: loop });
    expect(lastCall(anthropic)).not.toHaveProperty('providerOptions');
    await chat({
      thinking: true,
      messages: [...loop, { role: 'assistant', content: 'done' }, { role: 'user', content: 'again' }],
    });
    expect(lastCall(anthropic).providerOptions).toEqual({
      anthropic: { thinking: { type: 'enabled', budgetTokens: 8_192 } },
    });
  });

  it('sends configured thinking options instead, and none to a model without thinking', async () => {
    const model = scriptedModel([textReply('a'), textReply('b')], {
      modelId: 'o4-mini',
      provider: 'openai.chat',
    });
    const { chat } = await setup(model, {
      config: { thinkingOptions: { openai: { reasoningEffort: 'high' } } },
    });
    await chat({ thinking: true });
    expect(lastCall(model).providerOptions).toEqual({ openai: { reasoningEffort: 'high' } });
    const plain = scriptedModel([textReply('a')], { modelId: 'house-model-7b' });
    await (await setup(plain, { config: { thinkingOptions: { x: { y: 1 } } } })).chat({ thinking: true });
    expect(lastCall(plain)).not.toHaveProperty('providerOptions');
  });

  it('throws a TypeError for a tool message that answers no earlier call', async () => {
    const { chat } = await setup(scriptedModel([]));
    await expect(chat({ messages: [{ role: 'tool', toolCallId: 'ghost', content: 'x' }] })).rejects.toThrow(
      TypeError,
    );
    await expect(chat({ messages: [{ role: 'tool', content: 'x' }] })).rejects.toThrow(TypeError);
  });
});

describe('createAiSdkModelProvider: the stream', () => {
  it('[USG-2] reports reasoning and text deltas in order and resolves with usage and finish reason', async () => {
    const model = scriptedModel([
      streamOf([
        { type: 'stream-start', warnings: [] },
        { type: 'reasoning-start', id: 'r' },
        { type: 'reasoning-delta', id: 'r', delta: 'Think' },
        { type: 'reasoning-delta', id: 'r', delta: 'ing.' },
        { type: 'reasoning-end', id: 'r' },
        { type: 'response-metadata', id: 'msg-1' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Hello' },
        { type: 'text-delta', id: 't', delta: ', world' },
        { type: 'text-end', id: 't' },
        finish(),
      ]),
    ]);
    const deltas: ChatDelta[] = [];
    const { chat } = await setup(model);
    const response = await chat({ onDelta: (delta) => deltas.push(delta) });
    expect(deltas).toEqual([
      { type: 'reasoning', text: 'Think' },
      { type: 'reasoning', text: 'ing.' },
      { type: 'content', text: 'Hello' },
      { type: 'content', text: ', world' },
    ]);
    expect(response).toEqual({
      content: 'Hello, world',
      reasoning: 'Thinking.',
      toolCalls: [],
      usage: { promptTokens: 12, completionTokens: 5, totalTokens: 17 },
      finishReason: 'stop',
    });
  });

  it('reports two tool calls with their ids, streamed or whole, numbered by first appearance', async () => {
    const model = scriptedModel([
      streamOf([
        { type: 'tool-input-start', id: 'call-a', toolName: 'lookup' },
        { type: 'tool-input-delta', id: 'call-a', delta: '{"q":' },
        { type: 'tool-input-delta', id: 'call-a', delta: '"cat"}' },
        { type: 'tool-input-end', id: 'call-a' },
        { type: 'tool-call', toolCallId: 'call-a', toolName: 'lookup', input: '{"q":"cat"}' },
        { type: 'tool-call', toolCallId: 'call-b', toolName: 'weather', input: '{"city":"Oslo"}' },
        {
          type: 'tool-call',
          toolCallId: 'srv-1',
          toolName: 'web_search',
          input: '{}',
          providerExecuted: true,
        },
        finish('tool-calls', 'tool_use'),
      ]),
    ]);
    const deltas: ChatDelta[] = [];
    const response = await (await setup(model)).chat({ onDelta: (delta) => deltas.push(delta) });
    expect(deltas).toEqual([
      { type: 'tool-call', index: 0, id: 'call-a', name: 'lookup' },
      { type: 'tool-call', index: 0, argumentsText: '{"q":' },
      { type: 'tool-call', index: 0, argumentsText: '"cat"}' },
      { type: 'tool-call', index: 1, id: 'call-b', name: 'weather', argumentsText: '{"city":"Oslo"}' },
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'call-a', name: 'lookup', arguments: '{"q":"cat"}' },
      { id: 'call-b', name: 'weather', arguments: '{"city":"Oslo"}' },
    ]);
    expect(response.finishReason).toBe('tool-calls');
  });

  it.each([
    ['stop', 'stop'],
    ['length', 'length'],
    ['content-filter', 'content-filter'],
    ['tool-calls', 'tool-calls'],
    ['other', 'other'],
    ['something-new', 'other'],
  ])('maps the finish reason %s to %s', async (unified, expected) => {
    const model = scriptedModel([streamOf([finish(unified)])]);
    expect((await (await setup(model)).chat()).finishReason).toBe(expected);
  });

  it('leaves usage out when the model reported none', async () => {
    const empty = { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined };
    const model = scriptedModel([
      streamOf([
        {
          type: 'finish',
          usage: {
            inputTokens: empty,
            outputTokens: { total: undefined, text: undefined, reasoning: undefined },
          },
          finishReason: { unified: 'stop', raw: undefined },
        },
      ]),
    ]);
    expect((await (await setup(model)).chat()).usage).toBeUndefined();
  });

  it('fails a finish with reason error as a server error, and retries it', async () => {
    const model = scriptedModel([streamOf([finish('error', 'overloaded')]), textReply('second')]);
    expect((await (await setup(model)).chat()).content).toBe('second');
    const failing = scriptedModel([streamOf([finish('error', 'overloaded')])]);
    const error = await rejection((await setup(failing, { maxRetries: 0 })).chat());
    expect(error.cause).toMatchObject({
      code: 'MODEL_SERVER_ERROR',
      message: 'the model stopped because of an error (overloaded)',
    });
  });

  it('treats a stream that ends without its finish as cut off (a network error), retried', async () => {
    const cut = () => streamOf([{ type: 'text-start', id: 't' }]);
    const model = scriptedModel([cut(), textReply('whole')]);
    expect((await (await setup(model)).chat()).content).toBe('whole');
    const error = await rejection((await setup(scriptedModel([cut()]), { maxRetries: 0 })).chat());
    expect(error.cause).toMatchObject({ code: 'MODEL_NETWORK_ERROR' });
  });

  it('accepts a version 4 model object and sends it version 4 file parts', async () => {
    const inner = scriptedModel([textReply('from v4')]);
    const v4 = {
      specificationVersion: 'v4' as const,
      provider: 'anthropic.messages',
      modelId: 'claude-sonnet-4-5',
      doStream: (options: unknown) => inner.doStream(options as LanguageModelV3CallOptions),
    };
    const { chat } = await setup(v4);
    const response = await chat({
      messages: [
        {
          role: 'user',
          content: '',
          images: [{ url: 'data:image/png;base64,AAAA' }, { url: 'https://example.test/a.png' }],
        },
      ],
    });
    expect(response.content).toBe('from v4');
    expect(lastCall(inner).prompt).toEqual([
      {
        role: 'user',
        content: [
          { type: 'file', data: { type: 'data', data: 'AAAA' }, mediaType: 'image/png' },
          {
            type: 'file',
            data: { type: 'url', url: new URL('https://example.test/a.png') },
            mediaType: 'image/*',
          },
        ],
      },
    ]);
  });

  it('skips the parts of version 4 it does not need and fails on an interrupted finish', async () => {
    const ping = { type: 'ping' } as unknown as LanguageModelV3StreamPart;
    const model = scriptedModel([streamOf([ping, finish('interrupted')])]);
    const error = await rejection((await setup(model, { maxRetries: 0 })).chat());
    expect(error.cause).toMatchObject({ code: 'MODEL_NETWORK_ERROR' });
  });
});

describe('createAiSdkModelProvider: abort', () => {
  it('[ABT-1] rejects with ChatAbortedError at once when the signal is already aborted', async () => {
    const model = scriptedModel([textReply('never')]);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const error = await rejection((await setup(model)).chat({ signal: controller.signal }));
    expect(ChatAbortedError.isInstance(error)).toBe(true);
    expect(error.cause).toEqual(new Error('stop'));
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it('[ABT-1] rejects while waiting for a stream that never comes, whatever the model does with the signal', async () => {
    const started = deferred<void>();
    const model = new MockLanguageModelV3({
      modelId: 'claude-sonnet-4-5',
      doStream: () => {
        started.resolve();
        return new Promise<never>(() => {});
      },
    });
    const controller = new AbortController();
    const pending = (await setup(model)).chat({ signal: controller.signal });
    await started.promise;
    controller.abort(new Error('user stop'));
    const error = await rejection(pending);
    expect(ChatAbortedError.isInstance(error)).toBe(true);
    expect(error.cause).toEqual(new Error('user stop'));
  });

  it('[ABT-1] rejects mid-stream when a stream that never ends ignores the signal, and cancels it', async () => {
    const hand = handStream();
    const model = scriptedModel([{ stream: hand.stream }]);
    const controller = new AbortController();
    const firstDelta = deferred<void>();
    const deltas: ChatDelta[] = [];
    const pending = (await setup(model)).chat({
      signal: controller.signal,
      onDelta: (delta) => {
        deltas.push(delta);
        firstDelta.resolve();
      },
    });
    hand.controller.enqueue({ type: 'text-delta', id: 't', delta: 'par' });
    await firstDelta.promise;
    controller.abort(new Error('user stop'));
    const error = await rejection(pending);
    expect(ChatAbortedError.isInstance(error)).toBe(true);
    expect(deltas).toEqual([{ type: 'content', text: 'par' }]);
    expect(hand.state.cancelled).toBe(true);
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('rejects with ModelNotFoundError for a model of another provider', async () => {
    const { chat, resolved } = await setup(scriptedModel([]));
    const error = await rejection(chat({ model: { ...resolved, provider: 'other', ref: 'other/x' } }));
    expect(ModelNotFoundError.isInstance(error)).toBe(true);
  });
});

describe('createAiSdkModelProvider: errors and retries', () => {
  it('resolves after one retry when a 429 comes first, waiting for its retry-after', async () => {
    const model = scriptedModel([apiCallError(429, { headers: { 'retry-after': '0' } }), textReply('fine')]);
    const retries: RetryEvent[] = [];
    const { chat } = await setup(model, { retryBaseDelay: 60_000, onRetry: (event) => retries.push(event) });
    expect((await chat()).content).toBe('fine');
    expect(model.doStreamCalls).toHaveLength(2);
    expect(retries).toMatchObject([{ model: 'claude-sonnet-4-5', retry: 1, delay: 0 }]);
  });

  it('does not retry a 401, and keeps the server message', async () => {
    const model = scriptedModel([apiCallError(401), textReply('never')]);
    const error = await rejection((await setup(model)).chat());
    expect(ChatFailedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, retryable: false });
    expect(error.cause).toMatchObject({
      code: 'MODEL_AUTHENTICATION_FAILED',
      message: 'the model endpoint refused the credentials (HTTP 401): server says 401',
    });
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it.each([
    ['a 403', () => apiCallError(403), 'MODEL_AUTHENTICATION_FAILED', 1],
    ['a 400', () => apiCallError(400), 'MODEL_BAD_REQUEST', 1],
    ['a 503', () => apiCallError(503), 'MODEL_SERVER_ERROR', 3],
    ['a connection failure', () => apiCallError(undefined), 'MODEL_NETWORK_ERROR', 3],
    ['a LoadAPIKeyError', () => new LoadAPIKeyError({ message: 'no key' }), 'MODEL_AUTHENTICATION_FAILED', 1],
    [
      'an InvalidResponseDataError',
      () => new InvalidResponseDataError({ data: {} }),
      'MODEL_INVALID_RESPONSE',
      1,
    ],
    ['a JSONParseError', () => new JSONParseError({ text: '{', cause: 'x' }), 'MODEL_INVALID_RESPONSE', 1],
    [
      'a TypeValidationError',
      () => new TypeValidationError({ value: 1, cause: 'x' }),
      'MODEL_INVALID_RESPONSE',
      1,
    ],
    ['an EmptyResponseBodyError', () => new EmptyResponseBodyError(), 'MODEL_INVALID_RESPONSE', 1],
    ['a NoContentGeneratedError', () => new NoContentGeneratedError(), 'MODEL_INVALID_RESPONSE', 1],
    [
      'an InvalidPromptError',
      () => new InvalidPromptError({ prompt: [], message: 'bad' }),
      'MODEL_BAD_REQUEST',
      1,
    ],
    [
      'an UnsupportedFunctionalityError',
      () => new UnsupportedFunctionalityError({ functionality: 'audio' }),
      'MODEL_BAD_REQUEST',
      1,
    ],
    ['a TypeError of fetch', () => new TypeError('fetch failed'), 'MODEL_NETWORK_ERROR', 3],
  ])('classifies %s thrown by doStream as %s after %i attempt(s)', async (_, make, code, attempts) => {
    const model = scriptedModel([make(), make(), make()]);
    const error = await rejection((await setup(model)).chat());
    expect(ModelProviderError.isInstance(error.cause)).toBe(true);
    expect(error.cause).toMatchObject({ code, attempts });
    expect(model.doStreamCalls).toHaveLength(attempts);
  });

  it('classifies an error part by its error: an AI SDK error as thrown, a server event as a server error', async () => {
    const overloaded = { type: 'overloaded_error', message: 'Overloaded' };
    const model = scriptedModel([
      streamOf([{ type: 'error', error: apiCallError(400) }]),
      streamOf([{ type: 'error', error: overloaded }]),
    ]);
    const { chat } = await setup(model, { maxRetries: 0 });
    expect((await rejection(chat())).cause).toMatchObject({ code: 'MODEL_BAD_REQUEST', status: 400 });
    expect((await rejection(chat())).cause).toMatchObject({
      code: 'MODEL_SERVER_ERROR',
      message: 'the model endpoint reported an error in the stream: Overloaded',
    });
  });

  it('classifies a read that fails as a network error', async () => {
    const hand = handStream();
    hand.controller.error(new TypeError('terminated'));
    const error = await rejection(
      (await setup(scriptedModel([{ stream: hand.stream }]), { maxRetries: 0 })).chat(),
    );
    expect(error.cause).toMatchObject({
      code: 'MODEL_NETWORK_ERROR',
      message: 'the connection to the model endpoint broke: terminated',
    });
  });

  it('does not retry once a delta was reported', async () => {
    const model = scriptedModel([
      streamOf([
        { type: 'text-delta', id: 't', delta: 'par' },
        { type: 'error', error: apiCallError(503) },
      ]),
      textReply('never'),
    ]);
    const error = await rejection((await setup(model)).chat({ onDelta: () => {} }));
    expect(error.cause).toMatchObject({ code: 'MODEL_SERVER_ERROR', attempts: 1 });
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('passes a throw of onDelta through unchanged, without a retry, and cancels the stream', async () => {
    const hand = handStream();
    hand.controller.enqueue({ type: 'text-delta', id: 't', delta: 'x' });
    const model = scriptedModel([{ stream: hand.stream }, textReply('never')]);
    const thrown = new Error('the caller broke');
    const error = await rejection(
      (await setup(model)).chat({
        onDelta: () => {
          throw thrown;
        },
      }),
    );
    expect(error).toBe(thrown);
    expect(model.doStreamCalls).toHaveLength(1);
    expect(hand.state.cancelled).toBe(true);
  });
});
