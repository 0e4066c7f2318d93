import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { createAnthropic } from '@ai-sdk/anthropic';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAiSdkModelProvider, type RetryEvent } from '../src/index';
import { expectAbortMidStream } from './abort-mid-stream';
import {
  anthropicErrorReply,
  anthropicMessageReply,
  messageStart,
  openTextBlock,
  ping,
  startAnthropicWireServer,
  textBlock,
  toolUseBlock,
} from './anthropic-wire-server';
import { SYSTEM_PROMPT, startEndToEndApp } from './end-to-end-app';
import { localOnlyFetch } from './local-only-fetch';
import type { ScriptedWireServer } from './scripted-wire-server';

/** What the provider sent in one request, as far as these tests look at it. */
interface MessagesBody {
  readonly model: string;
  readonly stream: boolean;
  readonly system?: readonly { readonly type: string; readonly text: string }[];
  readonly tools?: readonly { readonly name: string }[];
  readonly messages: readonly {
    readonly role: string;
    readonly content: readonly Record<string, unknown>[];
  }[];
}

describe('end to end: plugin-agent, the AI SDK Anthropic model against a local Messages API server, the SQLite archive', () => {
  let server: ScriptedWireServer;
  let app: ReturnType<typeof startEndToEndApp>;
  let retries: RetryEvent[];
  beforeEach(async () => {
    retries = [];
    server = await startAnthropicWireServer();
    const anthropic = createAnthropic({ baseURL: server.url, apiKey: 'test-key', fetch: localOnlyFetch });
    const provider = createAiSdkModelProvider({
      name: 'anthropic',
      models: [{ model: anthropic('claude-sonnet-4-5') }],
      retryBaseDelay: 1,
      onRetry: (event) => retries.push(event),
    });
    app = startEndToEndApp({ llm: provider });
  });
  afterEach(async () => {
    await app.close();
    await server.close();
    expect(server.unscripted).toEqual([]);
  });

  it('[TID-2] [TID-3] [ARC-1] [ARC-8] [USG-2] two tool calls in one reply run with their arguments, their results go back under the tool_use ids, the reply persists', async () => {
    server.script(
      anthropicMessageReply({
        inputTokens: 321,
        outputTokens: 40,
        stopReason: 'tool_use',
        blocks: [
          textBlock(0, ['Let me ', 'check.']),
          toolUseBlock(1, { id: 'toolu_01A', name: 'clock', jsonPieces: ['', '{"zone"', ': "UTC"}'] }),
          toolUseBlock(2, { id: 'toolu_01B', name: 'weather', jsonPieces: ['{"city": "Pa', 'ris"}'] }),
        ],
      }),
      anthropicMessageReply({
        inputTokens: 345,
        outputTokens: 8,
        stopReason: 'end_turn',
        blocks: [textBlock(0, ['It is noon ', 'and sunny.'])],
      }),
    );

    await app.ask('What time is it, and how is the weather in Paris?');
    const stored = await app.stopAndReadBack();

    expect(app.tools.calls.map((call) => [call.name, call.args])).toEqual([
      ['clock', { zone: 'UTC' }],
      ['weather', { city: 'Paris' }],
    ]);
    const callIds = app.tools.calls.map((call) => call.context.callId);
    expect(new Set(callIds).size).toBe(2);
    expect(server.requests.map((request) => [request.method, request.url])).toEqual([
      ['POST', '/v1/messages'],
      ['POST', '/v1/messages'],
    ]);
    expect(server.requests[0]?.headers['x-api-key']).toBe('test-key');
    const second = server.requests[1]?.body as unknown as MessagesBody;
    expect(second).toMatchObject({ model: 'claude-sonnet-4-5', stream: true });
    expect(JSON.stringify(second.system)).toContain(SYSTEM_PROMPT);
    expect(second.tools?.map((tool) => tool.name)).toEqual(['clock', 'weather']);
    expect(second.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(second.messages[1]?.content).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'tool_use', id: 'toolu_01A', name: 'clock', input: { zone: 'UTC' } }),
        expect.objectContaining({
          type: 'tool_use',
          id: 'toolu_01B',
          name: 'weather',
          input: { city: 'Paris' },
        }),
      ]),
    );
    const results = second.messages[2]?.content ?? [];
    expect(results.map((block) => [block.type, block.tool_use_id])).toEqual([
      ['tool_result', 'toolu_01A'],
      ['tool_result', 'toolu_01B'],
    ]);
    expect(JSON.stringify(results[0]?.content)).toContain('12:00');
    expect(JSON.stringify(results[1]?.content)).toContain('sunny');

    const turnId = app.turnsAfter[0]?.turnId;
    expect(app.turnsAfter.map((turn) => turn.outcome)).toEqual(['replied']);
    // Not a room session ([ARC-5]): the text said before the tool calls is sent too.
    expect(app.replies.map((reply) => [reply.content, reply.turnId])).toEqual([
      ['Let me check.', turnId],
      ['It is noon and sunny.', turnId],
    ]);
    expect(app.streamed.map((piece) => piece.text)).toEqual([
      'Let me ',
      'check.',
      'It is noon ',
      'and sunny.',
    ]);
    expect(app.streamed.every((piece) => piece.turnId === turnId)).toBe(true);
    expect(app.usage.map((event) => [event.used, event.turnId])).toEqual([
      [321, turnId],
      [345, turnId],
    ]);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant']);
    expect(stored.every((message) => message.metadata[Keys.TurnId] === turnId)).toBe(true);
    expect(stored[1]).toMatchObject({
      content: 'Let me check.',
      toolCalls: [
        { id: 'toolu_01A', name: 'clock' },
        { id: 'toolu_01B', name: 'weather' },
      ],
    });
    expect(stored.slice(2, 4).map((message) => message.metadata[Keys.CallId])).toEqual(callIds);
    expect(stored[4]).toMatchObject({
      content: 'It is noon and sunny.',
      metadata: { [Keys.Model]: 'anthropic/claude-sonnet-4-5', [Keys.TurnRecord]: { outcome: 'replied' } },
    });
  });

  it('[ABT-1] [ARC-8] abort while the server holds the stream open after some text closes the connection and ends the turn as aborted', async () => {
    await expectAbortMidStream(app, server, [
      messageStart(12),
      ping,
      ...openTextBlock(0, ['Once upon ', 'a time']),
    ]);
  });

  it('[OUT-1] a 429 rate_limit_error is retried after the retry-after the server asked for, and the turn replies', async () => {
    server.script(
      anthropicErrorReply({
        status: 429,
        type: 'rate_limit_error',
        message: 'Number of request tokens has exceeded your per-minute rate limit.',
        headers: { 'retry-after': '0' },
      }),
      anthropicMessageReply({
        inputTokens: 20,
        outputTokens: 3,
        stopReason: 'end_turn',
        blocks: [textBlock(0, ['Hello again.'])],
      }),
    );

    await app.ask('Hello?');
    const stored = await app.stopAndReadBack();

    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body).toEqual(server.requests[0]?.body);
    // `retry-after: 0` wins over the 1 ms backoff.
    expect(retries).toMatchObject([
      { model: 'claude-sonnet-4-5', retry: 1, delay: 0, error: { code: 'MODEL_RATE_LIMITED' } },
    ]);
    expect(app.turnsAfter.map((turn) => turn.outcome)).toEqual(['replied']);
    expect(app.replies.map((reply) => reply.content)).toEqual(['Hello again.']);
    expect(stored.at(-1)?.metadata[Keys.TurnRecord]).toEqual({ outcome: 'replied' });
  });
});
