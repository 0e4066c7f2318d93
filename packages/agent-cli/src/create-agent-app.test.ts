import { ArchiveStorageError } from '@aalis/api-message-archive';
import type { IncomingMessage } from '@aalis/schema-message';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingOutput } from '../test/recording-output';
import { type AgentApp, createAgentApp, DEFAULT_SYSTEM_PROMPT } from './index';

const apps: AgentApp[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.stop()));
});

function setUp() {
  const recording = createRecordingOutput();
  let turns = 0;
  const app = createAgentApp({
    dbPath: ':memory:',
    output: recording.output,
    demoModel: { storyChunkDelayMs: 60_000 },
    agent: { createTurnId: () => `turn-${++turns}` },
    now: () => 42,
  });
  apps.push(app);
  app.sessions.ensureSession({ id: 's1' });
  return { app, recording };
}

const input = (content: string): IncomingMessage => ({
  content,
  sessionId: 's1',
  platform: 'cli',
  userId: 'u1',
});

/** Resolves once the next model call of the session streams its first piece of text. */
function firstStreamedText(app: AgentApp): Promise<void> {
  return new Promise((resolve) => {
    const dispose = app.events.on('outbound:stream', ({ chunk }) => {
      if (chunk.type !== 'content') return;
      dispose();
      resolve();
    });
  });
}

describe('createAgentApp', () => {
  it('runs turns through the agent, persists them in the store and records the last turn', async () => {
    const { app } = setUp();
    await app.agent.handleMessage(input('12*7'));
    const history = await app.store.history('s1');
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(history.at(-1)?.content).toBe('12*7 = 84.');
    expect(app.sessions.getSession('s1')?.lastTurn).toEqual({ turnId: 'turn-1', outcome: 'replied', at: 42 });
  });

  it('sends the default system prompt to the model', async () => {
    const { app } = setUp();
    const seen: string[] = [];
    app.hooks.middleware('agent:llm:before', async ({ messages }, next) => {
      seen.push(...messages.filter((message) => message.role === 'system').map((message) => message.content));
      await next();
    });
    await app.agent.handleMessage(input('hello'));
    expect(seen.join('\n')).toContain(DEFAULT_SYSTEM_PROMPT);
  });

  it('[CLR-1] clearHistory stops the running turn, runs the memory:clear chain, then empties the history', async () => {
    const { app } = setUp();
    await app.agent.handleMessage(input('hello'));
    const cleared: (readonly string[] | undefined)[] = [];
    app.hooks.middleware('memory:clear', async (payload, next) => {
      cleared.push(payload.sessionIds);
      await next();
    });
    const streaming = firstStreamedText(app);
    const story = app.agent.handleMessage(input('Tell me a story'));
    await streaming;
    await app.clearHistory(['s1'], { reason: 'test' });
    await story;
    expect(cleared).toEqual([['s1']]);
    expect(await app.store.countHistory('s1')).toBe(0);
    expect(app.sessions.getSession('s1')?.lastTurn?.outcome).toBe('aborted');
  });

  it('[DEL-1] deleting a session stops its turn, deletes its history and advances its generation', async () => {
    const { app } = setUp();
    const streaming = firstStreamedText(app);
    const story = app.agent.handleMessage(input('Tell me a story'));
    await streaming;
    await app.sessions.deleteSessions(['s1']);
    await story;
    expect(await app.store.list('s1')).toEqual([]);
    expect(app.sessions.generationOf('s1')).toBe(1);
    expect(app.sessions.getSession('s1')).toBeUndefined();
  });

  it('[DRN-1] stop drains the agent, so a running turn ends, then closes the store', async () => {
    const { app } = setUp();
    const streaming = firstStreamedText(app);
    const story = app.agent.handleMessage(input('Tell me a story'));
    await streaming;
    await app.stop();
    await story;
    expect(app.sessions.getSession('s1')?.lastTurn?.outcome).toBe('aborted');
    let error: unknown;
    try {
      await app.store.list('s1');
    } catch (caught) {
      error = caught;
    }
    expect(ArchiveStorageError.isInstance(error)).toBe(true);
  });

  it('throws a TypeError for invalid endpoint options before opening anything', () => {
    const { recording } = setUp();
    expect(() =>
      createAgentApp({
        dbPath: ':memory:',
        output: recording.output,
        model: { baseURL: 'ftp://x', models: [{ name: 'm' }] },
      }),
    ).toThrow(TypeError);
  });
});
