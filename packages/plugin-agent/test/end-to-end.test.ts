import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScriptedTools } from '@aalis/agent-conformance/testing';
import { agent } from '@aalis/api-agent';
import { createHooksService, hooks } from '@aalis/api-hooks';
import { llm } from '@aalis/api-llm';
import { memory } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import { tools } from '@aalis/api-tools';
import { SqliteArchiveStore } from '@aalis/archive-adapter';
import { createApp, events } from '@aalis/core';
import { createOpenAIModelProvider } from '@aalis/model-openai';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  localOnlyFetch,
  type ScriptedChatServer,
  sseReply,
  startScriptedChatServer,
} from '../../model-openai/test/scripted-chat-server';
import { agentPlugin } from '../src/index';

/** One streamed chat-completions chunk in the OpenAI wire format. */
const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, delta, finish_reason: null }],
  ...extra,
});
const usage = (promptTokens: number) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [],
  usage: { prompt_tokens: promptTokens, completion_tokens: 5, total_tokens: promptTokens + 5 },
});

describe('end to end: plugin-agent, the OpenAI provider against a local server, the SQLite archive', () => {
  let server: ScriptedChatServer;
  let directory: string;
  beforeEach(async () => {
    server = await startScriptedChatServer();
    directory = mkdtempSync(join(tmpdir(), 'aalis-e2e-'));
  });
  afterEach(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('[TID-2] [TID-3] [ARC-1] [ARC-2] [ARC-8] [USG-2] a turn with a tool call streams, persists and reads back from the database file', async () => {
    server.script(
      sseReply([
        chunk({
          role: 'assistant',
          tool_calls: [
            { index: 0, id: 'call_a', type: 'function', function: { name: 'clock', arguments: '' } },
          ],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }),
        chunk({}, { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }),
        usage(321),
      ]),
      sseReply([chunk({ role: 'assistant', content: 'It is ' }), chunk({ content: 'noon.' }), usage(345)]),
    );
    const path = join(directory, 'history.db');
    const store = new SqliteArchiveStore({ path });
    const app = createApp();
    // One tool, `clock`; the scripted tools record the context of each call.
    const clock = createScriptedTools({
      tools: [{ name: 'clock', description: 'The current time.', fallback: { result: '12:00' } }],
    });
    app.provide(hooks, createHooksService());
    app.provide(
      llm,
      createOpenAIModelProvider({
        baseURL: server.baseURL,
        apiKey: 'test-key',
        models: [{ name: 'gpt-4o-mini' }],
        fetch: localOnlyFetch,
      }),
    );
    app.provide(tools, clock.service);
    app.provide(messageArchive, store);
    app.provide(memory, store);
    app.plugin(agentPlugin, {
      systemPrompt: 'Answer briefly.',
      logger: { info() {}, warn() {}, error() {} },
    });
    const bus = app.service(events).use;
    const streamed: string[] = [];
    const usageEvents: { used: number; turnId?: string }[] = [];
    const replies: { content: string; turnId?: string }[] = [];
    bus.on('outbound:stream', ({ chunk: streamChunk }) => {
      if (streamChunk.type === 'content') streamed.push(`${streamChunk.turnId}:${streamChunk.text}`);
    });
    bus.on('token:usage', (event) => {
      usageEvents.push(event);
    });
    bus.on('outbound:message', ({ message }) => {
      replies.push(message);
    });

    await app
      .service(agent)
      .use.handleMessage({ content: 'What time is it?', sessionId: 'room-1', platform: 'cli', userId: 'u1' });
    await app.stop();
    store.close();

    const turnId = replies[0]?.turnId;
    expect(replies).toEqual([
      expect.objectContaining({ content: 'It is noon.', turnId: expect.any(String) }),
    ]);
    expect(streamed).toEqual([`${turnId}:It is `, `${turnId}:noon.`]);
    expect(usageEvents.map((event) => [event.used, event.turnId])).toEqual([
      [321, turnId],
      [345, turnId],
    ]);
    const seen = clock.calls.map((call) => call.context);
    expect(seen).toEqual([
      expect.objectContaining({ turnId, sessionId: 'room-1', callId: expect.any(String) }),
    ]);
    const secondRequest = server.requests[1]?.body as {
      messages: { role: string; tool_call_id?: string }[];
      tools: unknown[];
    };
    expect(secondRequest.tools).toHaveLength(1);
    expect(secondRequest.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
    expect(secondRequest.messages[3]?.tool_call_id).toBe('call_a');

    const reopened = new SqliteArchiveStore({ path });
    const stored = await reopened.list('room-1');
    reopened.close();
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(stored.every((message) => message.metadata[Keys.TurnId] === turnId)).toBe(true);
    expect(stored[2]?.metadata[Keys.CallId]).toBe(seen[0]?.callId);
    expect(stored[3]).toMatchObject({
      content: 'It is noon.',
      metadata: { [Keys.Model]: 'openai/gpt-4o-mini', [Keys.TurnRecord]: { outcome: 'replied' } },
    });
  });
});
