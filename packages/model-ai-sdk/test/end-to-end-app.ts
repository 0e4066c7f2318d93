import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScriptedTools, type ScriptedTools } from '@aalis/agent-conformance/testing';
import type { AgentTurnAfterPayload } from '@aalis/api-agent';
import { agent } from '@aalis/api-agent';
import { createHooksService, hooks } from '@aalis/api-hooks';
import { type LlmService, llm } from '@aalis/api-llm';
import { memory } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import { tools } from '@aalis/api-tools';
import { SqliteArchiveStore } from '@aalis/archive-adapter';
import { createApp, type EventBus, type EventMap, events } from '@aalis/core';
import { agentPlugin } from '@aalis/plugin-agent';
import type { Message } from '@aalis/schema-message';
import { deferred } from './deferred';

/** The system prompt every end-to-end agent is configured with. */
export const SYSTEM_PROMPT = 'Answer briefly.';

/** The session every end-to-end input belongs to. */
const SESSION_ID = 'room-1';

/**
 * Two scripted tools: `clock` (argument `zone`, answers `12:00`) and `weather` (argument
 * `city`, answers `sunny`).
 */
function endToEndTools(): ScriptedTools {
  return createScriptedTools({
    tools: [
      {
        name: 'clock',
        description: 'The current time in a time zone.',
        parameters: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] },
        fallback: { result: '12:00' },
      },
      {
        name: 'weather',
        description: 'The weather in a city.',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        fallback: { result: 'sunny' },
      },
    ],
  });
}

/**
 * The default agent of plugin-agent over a real model provider, scripted tools and a SQLite
 * archive in a fresh directory; records what the agent emits. `close` stops the app and
 * removes the directory.
 */
export function startEndToEndApp(options: { readonly llm: LlmService }) {
  const directory = mkdtempSync(join(tmpdir(), 'aalis-ai-sdk-e2e-'));
  const path = join(directory, 'history.db');
  const store = new SqliteArchiveStore({ path });
  const app = createApp();
  const scriptedTools = endToEndTools();
  app.provide(hooks, createHooksService());
  app.provide(llm, options.llm);
  app.provide(tools, scriptedTools.service);
  app.provide(messageArchive, store);
  app.provide(memory, store);
  app.plugin(agentPlugin, { systemPrompt: SYSTEM_PROMPT, logger: { info() {}, warn() {}, error() {} } });
  const recorded = record(app.service(events).use);
  const turnsAfter: AgentTurnAfterPayload[] = [];
  app.service(hooks).use.middleware('agent:turn:after', async (payload, next) => {
    turnsAfter.push(payload);
    await next();
  });
  const agentService = app.service(agent).use;
  return {
    ...recorded,
    tools: scriptedTools,
    turnsAfter,
    /** Hands the agent one user input of the session and resolves when its turn ended. */
    ask: (content: string) =>
      agentService.handleMessage({ content, sessionId: SESSION_ID, platform: 'cli', userId: 'u1' }),
    abort: () => agentService.abort(SESSION_ID, { reason: 'test stop' }),
    /** Stops the app, then reads the session's history back from a reopened database file. */
    stopAndReadBack: async (): Promise<Message[]> => {
      await app.stop();
      store.close();
      const reopened = new SqliteArchiveStore({ path });
      try {
        return await reopened.list(SESSION_ID);
      } finally {
        reopened.close();
      }
    },
    /** Stops the app (again is harmless) and removes the database directory. */
    close: async () => {
      await app.stop();
      store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function record(bus: EventBus) {
  const streamed: { turnId: string; text: string }[] = [];
  const usage: EventMap['token:usage'][] = [];
  const replies: EventMap['outbound:message']['message'][] = [];
  const firstStreamed = deferred();
  bus.on('outbound:stream', ({ chunk }) => {
    if (chunk.type !== 'content') return;
    streamed.push({ turnId: chunk.turnId, text: chunk.text });
    firstStreamed.resolve();
  });
  bus.on('token:usage', (event) => {
    usage.push(event);
  });
  bus.on('outbound:message', ({ message }) => {
    replies.push(message);
  });
  return { streamed, usage, replies, firstStreamed: firstStreamed.promise };
}
