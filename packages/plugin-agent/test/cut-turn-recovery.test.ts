import { createScriptedModel } from '@aalis/agent-conformance/testing';
import { cutTurnText } from '@aalis/archive-adapter';
import { WellKnownMetadataKeys as Keys, type Message, WellKnownKinds } from '@aalis/schema-message';
import { describe, expect, it, vi } from 'vitest';
import { agentApp } from './support/agent-app';

const input = (content: string, sessionId = 's1') => ({ content, sessionId, platform: 'test', userId: 'u1' });
const crash = cutTurnText('zh');

type Harness = ReturnType<typeof agentApp>;

/** What a crashed process left: an opening input and a tool-call group nobody answered. */
async function seedCutTurn(harness: Harness, sessionId = 's1', turnId = 'cut-1'): Promise<void> {
  await harness.store.archiveIncoming(input('what is in the feed?', sessionId), { turnId, entry: 'opened' });
  await harness.store.append(sessionId, [
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call_x', name: 'feed', arguments: '{}' }],
      metadata: { [Keys.TurnId]: turnId },
    },
  ]);
}

function shapeOf(messages: readonly Pick<Message, 'role' | 'content'>[]): string[] {
  return messages.map((message) => `${message.role}:${message.content}`);
}

describe('recovery of turns cut by a crash', () => {
  it('[DUR-1] the first turn of a session closes its cut turn: the model sees the error result and the stop marker, and the aborted record comes before the new inputs', async () => {
    const model = createScriptedModel({ steps: [{ text: 'Here is something new.' }] });
    const harness = agentApp({ llm: model.service });
    await seedCutTurn(harness);

    await harness.agent.handleMessage(input('anything new?'));

    expect(shapeOf(model.requests[0]?.messages ?? []).slice(-5)).toEqual([
      'user:what is in the feed?',
      'assistant:',
      `tool:${crash.unfinishedToolCall}`,
      `system:${crash.stopMarker}`,
      'user:anything new?',
    ]);
    const stored = await harness.store.list('s1');
    expect(stored.map((message) => message.kind ?? message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      WellKnownKinds.TurnStopped,
      WellKnownKinds.EventMarker,
      'user',
      'assistant',
    ]);
    expect(stored[2]).toMatchObject({ toolCallId: 'call_x', metadata: { [Keys.TurnId]: 'cut-1' } });
    expect(stored[2]?.metadata[Keys.CallId]).toEqual(expect.any(String));
    expect(stored[4]?.metadata).toEqual({
      [Keys.TurnId]: 'cut-1',
      [Keys.TurnRecord]: { outcome: 'aborted' },
    });
    expect(stored[6]?.metadata[Keys.TurnRecord]).toEqual({ outcome: 'replied' });
    expect(harness.logLines).toContain('turn cut-1 of s1 was cut by a crash: closed as aborted');
  });

  it('[DUR-1] recovery runs once per session per agent, and again after the session was deleted', async () => {
    const model = createScriptedModel({ steps: [{ text: 'one' }, { text: 'two' }, { text: 'three' }] });
    const harness = agentApp({ llm: model.service });
    const list = vi.spyOn(harness.store, 'list');
    await harness.agent.handleMessage(input('first'));
    await harness.agent.handleMessage(input('second'));
    expect(list).toHaveBeenCalledTimes(1);

    await harness.events.emit('session:deleted', { sessionId: 's1', generation: 0 });
    await harness.agent.handleMessage(input('third'));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('[DUR-1] [USG-8] a token:request snapshot writes nothing: an unrecorded turn may be running in another process, so only a turn here closes it', async () => {
    const model = createScriptedModel({ steps: [{ text: 'back again' }] });
    const harness = agentApp({ llm: model.service });
    await seedCutTurn(harness, 's2', 'cut-2');
    const append = vi.spyOn(harness.store, 'append');

    await harness.events.emit('token:request', { sessionIds: ['s2'] });

    expect(append).not.toHaveBeenCalled();
    expect((await harness.store.list('s2')).map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(harness.of('token:usage')).toMatchObject([
      { sessionId: 's2', snapshot: true, historyMessages: 2 },
    ]);
    expect(model.requests).toEqual([]);

    await harness.agent.handleMessage(input('anything new?', 's2'));
    const stored = await harness.store.list('s2');
    expect(stored[4]?.metadata).toEqual({
      [Keys.TurnId]: 'cut-2',
      [Keys.TurnRecord]: { outcome: 'aborted' },
    });
  });

  it.each(['list', 'append'] as const)(
    '[DUR-1] [SVC-3] a recovery whose %s fails ends the turn as error and writes nothing, so the next turn still closes the cut turn before its inputs',
    async (operation) => {
      const model = createScriptedModel({ steps: [{ text: 'back again' }] });
      const harness = agentApp({ llm: model.service });
      await seedCutTurn(harness);
      const endings: unknown[] = [];
      harness.hooks.middleware('agent:turn:after', async (payload, next) => {
        endings.push(payload.outcome);
        await next();
      });
      vi.spyOn(harness.store, operation).mockRejectedValueOnce(new Error('disk on fire'));

      await harness.agent.handleMessage(input('first try'));

      expect(endings).toEqual(['error']);
      expect(harness.of('outbound:message').map((event) => event.message.content)).toEqual([
        '[错误] 保存对话记录失败：disk on fire。',
      ]);
      expect((await harness.store.list('s1')).map((message) => message.kind ?? message.role)).toEqual([
        'user',
        'assistant',
      ]);
      expect(model.requests).toEqual([]);
      expect(harness.logEntries).toContainEqual(
        expect.objectContaining({ level: 'error', line: 'cut turns could not be recovered' }),
      );

      await harness.agent.handleMessage(input('second try'));

      const stored = await harness.store.list('s1');
      expect(stored.map((message) => message.kind ?? message.role)).toEqual([
        'user',
        'assistant',
        'tool',
        WellKnownKinds.TurnStopped,
        WellKnownKinds.EventMarker,
        'user',
        'assistant',
      ]);
      expect(stored[4]?.metadata[Keys.TurnRecord]).toEqual({ outcome: 'aborted' });
      expect(stored[5]?.content).toBe('second try');
      expect(endings).toEqual(['error', 'replied']);
    },
  );

  it('[ARC-6] [DUR-1] a stop while the recovery reads history still archives the opening input with its turn id, before the turn record', async () => {
    const model = createScriptedModel();
    const harness = agentApp({ llm: model.service });
    let startedReading!: () => void;
    const reading = new Promise<void>((resolve) => {
      startedReading = resolve;
    });
    let finishRead!: () => void;
    const read = new Promise<void>((resolve) => {
      finishRead = resolve;
    });
    const list = harness.store.list.bind(harness.store);
    vi.spyOn(harness.store, 'list').mockImplementation(async (...args) => {
      startedReading();
      await read;
      return list(...args);
    });
    const handled = harness.agent.handleMessage(input('stop me early'));
    await reading;
    expect(harness.agent.abort('s1')).toBe(true);
    finishRead();
    await handled;

    const stored = await harness.store.list('s1');
    // The input is in history, so the stopped turn also leaves its stop marker ([ARC-9]).
    expect(stored.map((message) => message.kind ?? message.role)).toEqual([
      'user',
      WellKnownKinds.TurnStopped,
      WellKnownKinds.EventMarker,
    ]);
    const turnId = stored[2]?.metadata[Keys.TurnId];
    expect(turnId).toEqual(expect.any(String));
    expect(stored[0]).toMatchObject({ content: 'stop me early' });
    expect(stored[0]?.metadata).toMatchObject({ [Keys.TurnId]: turnId, [Keys.TurnEntry]: 'opened' });
    expect(stored[2]?.metadata[Keys.TurnRecord]).toEqual({ outcome: 'aborted' });
    expect(model.requests).toEqual([]);
  });
});
