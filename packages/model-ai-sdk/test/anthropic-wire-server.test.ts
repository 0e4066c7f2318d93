import { ChatAbortedError, type ChatDelta, ChatFailedError, type LlmService } from '@aalis/api-llm';
import { ModelRateLimitedError, ModelServerError } from '@aalis/model-provider-utils';
import { createAnthropic } from '@ai-sdk/anthropic';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAiSdkModelProvider } from '../src/index';
import {
  anthropicErrorReply,
  anthropicMessageReply,
  messageStart,
  openTextBlock,
  ping,
  startAnthropicWireServer,
  streamError,
  textBlock,
  thinkingBlock,
} from './anthropic-wire-server';
import { chatOnce, QUESTION } from './chat-once';
import { deferred } from './deferred';
import { localOnlyFetch } from './local-only-fetch';
import type { ScriptedWireServer } from './scripted-wire-server';
import { hangingReply, streamReply } from './wire-replies';

describe('the local Anthropic Messages API server, read by @ai-sdk/anthropic through the provider', () => {
  let server: ScriptedWireServer;
  let provider: LlmService;
  beforeEach(async () => {
    server = await startAnthropicWireServer();
    const anthropic = createAnthropic({ baseURL: server.url, apiKey: 'test-key', fetch: localOnlyFetch });
    provider = createAiSdkModelProvider({
      name: 'anthropic',
      models: [{ model: anthropic('claude-sonnet-4-5'), thinking: true }],
      maxRetries: 0,
    });
  });
  afterEach(async () => {
    await server.close();
    expect(server.unscripted).toEqual([]);
  });

  it('[USG-2] thinking_delta pieces arrive as reasoning deltas, text_delta pieces as content, input_tokens as prompt tokens', async () => {
    server.script(
      anthropicMessageReply({
        inputTokens: 42,
        outputTokens: 17,
        stopReason: 'end_turn',
        blocks: [
          thinkingBlock(0, ['Rayleigh ', 'scattering.'], 'EqQBCgIYAh'),
          textBlock(1, ['Short ', 'waves scatter.']),
        ],
      }),
    );
    const deltas: ChatDelta[] = [];

    const response = await chatOnce(provider, { onDelta: (delta) => deltas.push(delta) });

    expect(deltas).toEqual([
      { type: 'reasoning', text: 'Rayleigh ' },
      { type: 'reasoning', text: 'scattering.' },
      { type: 'content', text: 'Short ' },
      { type: 'content', text: 'waves scatter.' },
    ]);
    expect(response).toMatchObject({
      content: 'Short waves scatter.',
      reasoning: 'Rayleigh scattering.',
      toolCalls: [],
      usage: { promptTokens: 42 },
    });
    expect(server.requests[0]?.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      stream: true,
      thinking: { type: 'enabled', budget_tokens: expect.any(Number) },
      messages: [{ role: 'user', content: [{ type: 'text', text: QUESTION }] }],
    });
  });

  it('an overloaded_error event inside a 200 stream rejects the call with ChatFailedError caused by ModelServerError', async () => {
    server.script(streamReply([messageStart(5), ping, streamError('overloaded_error', 'Overloaded')]));

    const failure = await chatOnce(provider).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ChatFailedError);
    expect((failure as ChatFailedError).cause).toBeInstanceOf(ModelServerError);
  });

  it('a 429 rate_limit_error without retries left rejects with ChatFailedError caused by ModelRateLimitedError', async () => {
    server.script(
      anthropicErrorReply({
        status: 429,
        type: 'rate_limit_error',
        message: 'Number of request tokens has exceeded your per-minute rate limit.',
        headers: { 'retry-after': '7' },
      }),
    );

    const failure = await chatOnce(provider).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ChatFailedError);
    expect((failure as ChatFailedError).cause).toBeInstanceOf(ModelRateLimitedError);
    expect((failure as ChatFailedError).cause).toMatchObject({ code: 'MODEL_RATE_LIMITED' });
    expect(server.requests).toHaveLength(1);
  });

  it('[ABT-1] aborting the signal after the first streamed delta rejects with ChatAbortedError and closes the connection', async () => {
    const closed = deferred();
    server.script(hangingReply([messageStart(5), ...openTextBlock(0, ['Once upon'])], { closed }));
    const controller = new AbortController();
    const firstDelta = deferred();

    const call = chatOnce(provider, { signal: controller.signal, onDelta: () => firstDelta.resolve() });
    await firstDelta.promise;
    controller.abort(new Error('stopped by the test'));

    await expect(call).rejects.toBeInstanceOf(ChatAbortedError);
    await closed.promise;
    expect(server.requests).toHaveLength(1);
  });
});
