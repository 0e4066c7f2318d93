import { createScriptedModel } from '@aalis/agent-conformance/testing';
import { type SessionManagerService, sessionManager } from '@aalis/api-session-manager';
import { WellKnownKinds, WellKnownMetadataKeys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { agentApp } from './support/agent-app';

const input = (content: string, extra: Record<string, unknown> = {}) => ({
  content,
  sessionId: 's1',
  platform: 'test',
  userId: 'u1',
  ...extra,
});

function settingsManager(initial: Record<string, Record<string, unknown>>) {
  const settings = new Map(Object.entries(initial));
  const service: SessionManagerService = {
    generationOf: () => 0,
    getSession: () => undefined,
    getSettings: (sessionId) => settings.get(sessionId),
    updateSettings: async (sessionId, patch) => {
      const current = settings.get(sessionId);
      if (current === undefined) throw new Error(`no settings for ${sessionId}`);
      settings.set(sessionId, { ...current, ...patch });
    },
    deleteSessions: async () => {},
  };
  return { service, settings };
}

describe('turn lifecycle of the default agent', () => {
  it('[ABT-1] [ABT-5] [ABT-6] [ARC-9] an aborted turn leaves a stop marker naming who stopped it; the reason only reaches the log line', async () => {
    const model = createScriptedModel();
    const [longStory] = model.script([{ untilAborted: true }]);
    const harness = agentApp({ llm: model.service });
    const afterPayloads: unknown[] = [];
    harness.hooks.middleware('agent:turn:after', async (payload, next) => {
      afterPayloads.push(payload);
      await next();
    });
    const handled = harness.agent.handleMessage(input('tell me a long story'));
    await longStory!.started;
    expect(harness.agent.abort('s1', { reason: 'user pressed stop', by: { id: 'u9', name: 'Mia' } })).toBe(
      true,
    );
    await handled;
    const stored = await harness.store.list('s1');
    expect(stored.map((message) => [message.role, message.kind])).toEqual([
      ['user', undefined],
      ['system', WellKnownKinds.TurnStopped],
      ['system', WellKnownKinds.EventMarker],
    ]);
    expect(stored[1]?.content).toContain('Mia');
    expect(stored[2]?.metadata[WellKnownMetadataKeys.TurnRecord]).toEqual({ outcome: 'aborted' });
    expect(afterPayloads).toMatchObject([{ outcome: 'aborted' }]);
    expect(JSON.stringify([stored, afterPayloads, harness.of('outbound:message')])).not.toContain(
      'user pressed stop',
    );
    expect(
      harness.logLines.some(
        (line) => line.includes('ended: aborted') && line.includes('reason: user pressed stop'),
      ),
    ).toBe(true);
  });

  it('[SET-1] assignModel writes the session model, and throws when the settings do not exist', async () => {
    const model = createScriptedModel();
    const harness = agentApp({ llm: model.service });
    const manager = settingsManager({ child: {} });
    harness.app.provide(sessionManager, manager.service);
    await harness.agent.assignModel('child', 'openai/gpt-4o-mini');
    expect(manager.settings.get('child')).toEqual({ model: 'openai/gpt-4o-mini' });
    await expect(harness.agent.assignModel('missing', 'openai/gpt-4o-mini')).rejects.toThrow(
      'no settings for missing',
    );
  });

  it('[SET-2] a session setting overrides the configured default (history count limit)', async () => {
    const model = createScriptedModel({ steps: [{ text: 'one' }, { text: 'two' }, { text: 'three' }] });
    const harness = agentApp({ llm: model.service, config: { historyLimit: 0 } });
    harness.app.provide(sessionManager, settingsManager({ s1: { historyLimit: 2 } }).service);
    await harness.agent.handleMessage(input('a'));
    await harness.agent.handleMessage(input('b'));
    await harness.agent.handleMessage(input('c'));
    const lastRequest = model.requests.at(-1);
    const conversation = lastRequest?.messages.filter((message) => message.role !== 'system') ?? [];
    expect(conversation.map((message) => message.content)).toEqual(['two', 'c']);
    expect(harness.of('token:usage').at(-1)).toMatchObject({ historyLimit: 2 });
  });

  it('[PRE-1] [BND-1] a preprocessor registered through the business handle rewrites the input before its turn', async () => {
    const model = createScriptedModel({ steps: [{ text: 'seen' }] });
    const harness = agentApp({ llm: model.service });
    harness.agent.registerPreprocessor('suffix', async (message, next) => {
      message.content += ' [logged]';
      await next();
    });
    await harness.agent.handleMessage(input('hello'));
    expect(model.requests[0]?.messages.at(-1)?.content).toBe('hello [logged]');
    expect((await harness.store.list('s1'))[0]?.content).toBe('hello [logged]');
  });

  it("[ABT-2] an abort whose turn id is not the running turn's leaves an input in agent:input:before alone", async () => {
    const model = createScriptedModel({ steps: [{ text: 'first' }, { text: 'second' }] });
    const harness = agentApp({ llm: model.service });
    await harness.agent.handleMessage(input('one'));
    let enter!: () => void;
    let release!: () => void;
    const entered = new Promise<void>((resolve) => {
      enter = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    harness.hooks.middleware('agent:input:before', async (_payload, next) => {
      enter();
      await gate;
      await next();
    });
    const pending = harness.agent.handleMessage(input('two'));
    await entered;
    expect(harness.agent.abort('s1', { turnId: 'no-such-turn', queued: true })).toBe(false);
    release();
    await pending;
    expect(model.requests.map((request) => request.messages.at(-1)?.content)).toEqual(['one', 'two']);
  });

  it('[DRN-1] stopping the app aborts the running turn and settles every pending call', async () => {
    const model = createScriptedModel();
    const [first] = model.script([{ untilAborted: true }]);
    const harness = agentApp({ llm: model.service });
    const running = harness.agent.handleMessage(input('first'));
    await first!.started;
    const queued = harness.agent.handleMessage(input('second', { source: { kind: 'scheduler' } }));
    await harness.app.stop();
    await expect(Promise.all([running, queued])).resolves.toEqual([undefined, undefined]);
    const stored = await harness.store.list('s1');
    expect(stored.map((message) => message.content)).toContain('second');
    expect(
      stored.find((message) => message.content === 'second')?.metadata[WellKnownMetadataKeys.TurnId],
    ).toBeUndefined();
  });
});
