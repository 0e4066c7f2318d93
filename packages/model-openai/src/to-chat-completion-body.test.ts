import { type ChatMessage, type ChatRequest, ModelNotFoundError } from '@aalis/api-llm';
import type { Message } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { modelOf, providerFor, useScriptedChatServer } from '../test/chat-fixture';
import { textReply } from '../test/scripted-chat-server';
import type { OpenAIModelProviderOptions } from './index';

const server = useScriptedChatServer();

/** Sends one request through a fresh provider and returns the body the server received. */
async function sentBody(
  request: Omit<ChatRequest, 'model'> & { readonly ref?: string },
  options: Partial<OpenAIModelProviderOptions> = {},
): Promise<Record<string, unknown>> {
  server().script(textReply('ok'));
  const provider = providerFor(server(), options);
  await provider.chat({ ...request, model: await modelOf(provider, request.ref) });
  const received = server().requests.at(-1);
  if (received === undefined) throw new Error('nothing received');
  return received.body;
}

const weatherTool = {
  name: 'weather',
  description: 'The weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const picture = { url: 'data:image/png;base64,AAAA', mimeType: 'image/png' };

describe('request mapping', () => {
  it('posts to /chat/completions with the model, stream: true and stream_options.include_usage', async () => {
    const body = await sentBody({ messages: [{ role: 'user', content: 'hi' }] });
    expect(server().requests[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions' });
    expect(body).toEqual({
      model: 'test-model',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('maps system, user, assistant tool calls and tool results to the wire format', async () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' }],
      },
      { role: 'tool', content: 'sunny', toolCallId: 'call_1' },
      {
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [{ id: 'call_2', name: 'weather', arguments: '{}' }],
      },
      { role: 'assistant', content: 'It is sunny.' },
    ];
    const body = await sentBody({ messages });
    expect(body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{}' } }],
      },
      { role: 'assistant', content: 'It is sunny.' },
    ]);
  });

  it('sends stored history messages as they are, leaving out id, session, kind and metadata', async () => {
    const stored: Message = {
      id: 'm1',
      sessionId: 's1',
      role: 'user',
      content: 'from history',
      kind: 'something',
      metadata: { turnId: 't1' },
      createdAt: 1,
    };
    const body = await sentBody({ messages: [stored] });
    expect(body.messages).toEqual([{ role: 'user', content: 'from history' }]);
  });

  it('offers tools as functions with their JSON schema', async () => {
    const body = await sentBody({ messages: [{ role: 'user', content: 'hi' }], tools: [weatherTool] });
    expect(body.tools).toEqual([{ type: 'function', function: weatherTool }]);
  });

  it('leaves tools out for a model configured without tool calls, and when the list is empty', async () => {
    const withoutCapability = await sentBody(
      { messages: [{ role: 'user', content: 'hi' }], tools: [weatherTool] },
      { models: [{ name: 'test-model', toolCalls: false }] },
    );
    expect(withoutCapability).not.toHaveProperty('tools');
    const empty = await sentBody({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(empty).not.toHaveProperty('tools');
  });

  it('[HK-3] sends images as image_url parts to a model with vision', async () => {
    const body = await sentBody(
      { messages: [{ role: 'user', content: 'What is this?', images: [picture] }] },
      { models: [{ name: 'test-model', vision: true }] },
    );
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: picture.url } },
        ],
      },
    ]);
  });

  it('[HK-3] sends images to a model whose capability override says vision', async () => {
    const body = await sentBody(
      { messages: [{ role: 'user', content: '', images: [picture] }] },
      { capabilityOverrides: { 'openai/test-model': { vision: true } } },
    );
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'image_url', image_url: { url: picture.url } }] },
    ]);
  });

  it('[HK-3] leaves images out for a model without vision', async () => {
    const body = await sentBody({
      messages: [{ role: 'user', content: 'What is this?', images: [picture] }],
    });
    expect(body.messages).toEqual([{ role: 'user', content: 'What is this?' }]);
  });

  it('sends the reply limit and temperature of the request, as max_tokens for ordinary models', async () => {
    const body = await sentBody({
      messages: [{ role: 'user', content: 'hi' }],
      maxTokens: 300,
      temperature: 0.2,
    });
    expect(body).toMatchObject({ max_tokens: 300, temperature: 0.2 });
  });

  it("defaults the reply limit to the model's configured maxOutputTokens, and sends none when unconfigured", async () => {
    const configured = await sentBody(
      { messages: [{ role: 'user', content: 'hi' }] },
      { models: [{ name: 'test-model', maxOutputTokens: 1_000 }] },
    );
    expect(configured.max_tokens).toBe(1_000);
    const unconfigured = await sentBody({ messages: [{ role: 'user', content: 'hi' }] });
    expect(unconfigured).not.toHaveProperty('max_tokens');
    expect(unconfigured).not.toHaveProperty('max_completion_tokens');
  });

  it('[SET-2] maps deep thinking to reasoning_effort high or low, with max_completion_tokens, for o-series and gpt-5', async () => {
    const models = [{ name: 'o4-mini' }, { name: 'gpt-5' }];
    const on = await sentBody(
      { ref: 'openai/o4-mini', messages: [{ role: 'user', content: 'hi' }], thinking: true, maxTokens: 50 },
      { models },
    );
    expect(on).toMatchObject({ model: 'o4-mini', reasoning_effort: 'high', max_completion_tokens: 50 });
    expect(on).not.toHaveProperty('max_tokens');
    const off = await sentBody(
      { ref: 'gpt-5', messages: [{ role: 'user', content: 'hi' }], thinking: false },
      { models },
    );
    expect(off).toMatchObject({ model: 'gpt-5', reasoning_effort: 'low' });
  });

  it('[SET-2] sends no thinking field when the request leaves thinking unset', async () => {
    const body = await sentBody(
      { messages: [{ role: 'user', content: 'hi' }] },
      { models: [{ name: 'o3' }] },
    );
    expect(body).not.toHaveProperty('reasoning_effort');
  });

  it('[SET-2] ignores the thinking flag for a model without deep thinking', async () => {
    const body = await sentBody({ messages: [{ role: 'user', content: 'hi' }], thinking: true });
    expect(body).not.toHaveProperty('reasoning_effort');
  });

  it("[SET-2] sends a model's own thinking parameters (Qwen's enable_thinking)", async () => {
    const models = [
      {
        name: 'test-model',
        thinkingParameters: { on: { enable_thinking: true }, off: { enable_thinking: false } },
      },
    ];
    const on = await sentBody({ messages: [{ role: 'user', content: 'hi' }], thinking: true }, { models });
    expect(on).toMatchObject({ enable_thinking: true });
    const off = await sentBody({ messages: [{ role: 'user', content: 'hi' }], thinking: false }, { models });
    expect(off).toMatchObject({ enable_thinking: false });
  });

  it('merges extraBody last, over the fields the provider sets', async () => {
    const body = await sentBody(
      { messages: [{ role: 'user', content: 'hi' }], temperature: 1 },
      { models: [{ name: 'test-model', extraBody: { top_k: 20, temperature: 0.5 } }] },
    );
    expect(body).toMatchObject({ top_k: 20, temperature: 0.5 });
  });

  it('uses the configured maxTokensParameter', async () => {
    const body = await sentBody(
      { messages: [{ role: 'user', content: 'hi' }], maxTokens: 9 },
      { models: [{ name: 'test-model', maxTokensParameter: 'max_completion_tokens' }] },
    );
    expect(body).toMatchObject({ max_completion_tokens: 9 });
  });

  it('sends the API key as a bearer token, and the configured headers', async () => {
    await sentBody({ messages: [{ role: 'user', content: 'hi' }] }, { headers: { 'x-title': 'Aalis' } });
    expect(server().requests[0]?.headers).toMatchObject({
      authorization: 'Bearer test-key',
      'x-title': 'Aalis',
    });
  });

  it('sends no Authorization header without an API key', async () => {
    await sentBody({ messages: [{ role: 'user', content: 'hi' }] }, { apiKey: undefined });
    expect(server().requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it('rejects a model of another provider with ModelNotFoundError, sending nothing', async () => {
    const provider = providerFor(server());
    const model = { ...(await modelOf(provider)), provider: 'elsewhere' };
    await expect(provider.chat({ model, messages: [] })).rejects.toSatisfy(ModelNotFoundError.isInstance);
    expect(server().requests).toEqual([]);
  });

  it('rejects a tool message without toolCallId with a TypeError, sending nothing', async () => {
    const provider = providerFor(server());
    const messages: ChatMessage[] = [{ role: 'tool', content: 'result' }];
    await expect(provider.chat({ model: await modelOf(provider), messages })).rejects.toThrow(TypeError);
    expect(server().requests).toEqual([]);
  });
});
