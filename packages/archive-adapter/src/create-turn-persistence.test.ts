import type { IncomingMessage, Message } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { afterEach, describe, expect, it } from 'vitest';
import { sequentialIds, steppingClock, storeFactories } from '../test/store-factories';
import {
  type ArchiveStore,
  createTurnPersistence,
  type PersistableInput,
  type PersistReplyOptions,
  type TimelineTurn,
  type TurnPersistence,
} from './index';

const registeredKeys = new Set<string>(Object.values(Keys));

const human = (content: string, extra: Partial<IncomingMessage> = {}): PersistableInput => ({
  message: { content, sessionId: 's1', platform: 'qq', userId: 'u1', nickname: 'Alice', ...extra },
});

const replyOptions = (overrides: Partial<PersistReplyOptions> = {}): PersistReplyOptions => ({
  turnId: 't1',
  sessionId: 's1',
  content: 'the answer',
  model: 'deepseek-chat',
  tokens: { promptTokens: 120, completionTokens: 30, totalTokens: 150 },
  platform: 'qq',
  selfIdentity: { userId: 'bot', nickname: 'Aalis' },
  group: { id: 'g1', name: 'Group One' },
  sessionType: 'group',
  sent: true,
  ...overrides,
});

const searchGroup = (turnId = 't1') => ({
  turnId,
  sessionId: 's1',
  assistant: {
    content: 'Let me look.',
    toolCalls: [
      { id: 'call_a', name: 'search', arguments: '{"q":"x"}' },
      { id: 'call_b', name: 'missing_tool', arguments: '{' },
    ],
  },
  results: [
    { toolCallId: 'call_a', callId: 'k1', content: 'found', metadata: { 'search.hits': 3 } },
    { toolCallId: 'call_b', callId: 'k2', content: 'unknown tool missing_tool' },
  ],
});

function contentsOf(messages: readonly Message[]): string[] {
  return messages.map((message) => message.kind ?? message.content);
}

describe.each(storeFactories)('turn persistence over $name', (factory) => {
  const opened: ArchiveStore[] = [];
  const setup = (): { store: ArchiveStore; persistence: TurnPersistence } => {
    const store = factory.create({ now: steppingClock(), createId: sequentialIds() });
    opened.push(store);
    return { store, persistence: createTurnPersistence({ archive: store, memory: store }) };
  };
  const turnOf = async (store: ArchiveStore, turnId: string): Promise<TimelineTurn> => {
    const item = (await store.timeline('s1')).items.find(
      (entry) => entry.type === 'turn' && entry.turnId === turnId,
    );
    if (item?.type !== 'turn') throw new Error(`no turn ${turnId} in the timeline`);
    return item;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('[ARC-1] tool-call groups and the final reply carry the turn id', async () => {
    const { store, persistence } = setup();
    const group = await persistence.persistToolGroup(searchGroup());
    const reply = await persistence.persistReply(replyOptions());
    for (const message of [...group, reply]) expect(message?.metadata[Keys.TurnId]).toBe('t1');
    expect((await store.list('s1')).map((message) => message.role)).toEqual([
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
  });

  it('[ARC-2] every tool call, including one that failed before executing, records its callId in the result and the timeline', async () => {
    const { store, persistence } = setup();
    const [assistant, ...results] = await persistence.persistToolGroup(searchGroup());
    expect(assistant?.toolCalls?.map((call) => call.id)).toEqual(['call_a', 'call_b']);
    expect(results.map((result) => [result.toolCallId, result.metadata[Keys.CallId]])).toEqual([
      ['call_a', 'k1'],
      ['call_b', 'k2'],
    ]);
    const segments = (await turnOf(store, 't1')).segments.filter((segment) => segment.type === 'tool_call');
    expect(segments.map((segment) => [segment.callId, segment.call?.name, segment.result?.content])).toEqual([
      ['k1', 'search', 'found'],
      ['k2', 'missing_tool', 'unknown tool missing_tool'],
    ]);
  });

  it('[ARC-2] refuses a half group: a call without result or a result without call is a TypeError, nothing stored', async () => {
    const { store, persistence } = setup();
    const group = searchGroup();
    await expect(
      persistence.persistToolGroup({ ...group, results: group.results.slice(0, 1) }),
    ).rejects.toThrow(/without result: call_b/);
    await expect(
      persistence.persistToolGroup({
        ...group,
        results: [...group.results, { toolCallId: 'x', callId: 'k3', content: '' }],
      }),
    ).rejects.toThrow(TypeError);
    await expect(
      persistence.persistToolGroup({
        ...group,
        results: group.results.map((result) => ({ ...result, callId: 'same' })),
      }),
    ).rejects.toThrow(/used twice/);
    expect(await store.list('s1')).toEqual([]);
    expect(persistence.hasHistory('t1')).toBe(false);
  });

  it('[ARC-3] the final reply records model, tokens, platform, own identity, group, session type and visible body under registered keys only', async () => {
    const { persistence } = setup();
    const reply = await persistence.persistReply(
      replyOptions({ content: '{"visible":"hi","mood":"calm"}', visibleContent: 'hi' }),
    );
    expect(reply?.metadata).toEqual({
      [Keys.TurnId]: 't1',
      [Keys.Model]: 'deepseek-chat',
      [Keys.Tokens]: { promptTokens: 120, completionTokens: 30, totalTokens: 150 },
      [Keys.Platform]: 'qq',
      [Keys.SelfIdentity]: { userId: 'bot', nickname: 'Aalis' },
      [Keys.Group]: { id: 'g1', name: 'Group One' },
      [Keys.SessionType]: 'group',
      [Keys.VisibleContent]: 'hi',
    });
    expect(Object.keys(reply?.metadata ?? {}).every((key) => registeredKeys.has(key))).toBe(true);
  });

  it('[ARC-4] metadata keys written in agent:tool:after are persisted unchanged with the tool result', async () => {
    const { store, persistence } = setup();
    const pluginMetadata = { 'image.url': 'https://example.com/x.png', 'audit.flags': ['ok', { level: 2 }] };
    const group = searchGroup();
    await persistence.persistToolGroup({
      ...group,
      results: [{ ...group.results[0]!, metadata: pluginMetadata }, group.results[1]!],
    });
    const [, result] = await store.list('s1');
    expect(result?.metadata).toEqual({ ...pluginMetadata, [Keys.TurnId]: 't1', [Keys.CallId]: 'k1' });
  });

  it('[ARC-5] room text said before tool calls and replies not handed to the platform are marked not sent', async () => {
    const { store, persistence } = setup();
    const group = searchGroup();
    await persistence.persistToolGroup({ ...group, assistant: { ...group.assistant, sent: false } });
    const dropped = await persistence.persistReply(replyOptions({ content: 'bad format', sent: false }));
    const final = await persistence.persistReply(replyOptions({ content: 'final' }));
    expect(dropped?.metadata[Keys.NotSent]).toBe(true);
    expect(final?.metadata[Keys.NotSent]).toBeUndefined();
    await persistence.markNotSent(final!.id);
    expect((await store.get(final!.id))?.metadata[Keys.NotSent]).toBe(true);
    const texts = (await turnOf(store, 't1')).segments.filter((segment) => segment.type === 'text');
    expect(texts.map((segment) => [segment.message.content, segment.notSent])).toEqual([
      ['Let me look.', true],
      ['bad format', true],
      ['final', true],
    ]);
  });

  it('[ARC-6] opening inputs get turn id and entry opened, inserted ones joined, released ones no turn id', async () => {
    const { store, persistence } = setup();
    const opening = [human('first'), human('second')];
    const joined = [human('more')];
    const released = [human('later')];
    await persistence.archiveOpened({ turnId: 't1', inputs: opening });
    await persistence.archiveJoined({ turnId: 't1', inputs: joined });
    await persistence.archiveReleased(released);
    const messages = await store.list('s1');
    expect(
      messages.map((message) => [
        message.content,
        message.metadata[Keys.TurnId],
        message.metadata[Keys.TurnEntry],
      ]),
    ).toEqual([
      ['first', 't1', 'opened'],
      ['second', 't1', 'opened'],
      ['more', 't1', 'joined'],
      ['later', undefined, undefined],
    ]);
    const turn = await turnOf(store, 't1');
    expect(turn.segments.map((segment) => (segment.type === 'input' ? segment.entry : segment.type))).toEqual(
      ['opened', 'opened', 'joined'],
    );
  });

  it('[HK-9] sets archived on each archived input, never on idle-trigger inputs, and archives an input once', async () => {
    const { store, persistence } = setup();
    const idle = human('topic', { triggerType: 'idle' });
    const input = human('hi');
    const [archived] = await persistence.archiveOpened({ turnId: 't1', inputs: [idle, input] });
    expect(input.archived).toEqual(archived);
    expect(idle.archived).toBeUndefined();
    expect(await persistence.archiveJoined({ turnId: 't1', inputs: [input] })).toEqual([]);
    expect(await store.list('s1')).toHaveLength(1);
  });

  it('[SVC-5] [HK-9] without an archive every write is a no-op, archived stays unset and reads are empty', async () => {
    const persistence = createTurnPersistence();
    const input = human('hi');
    expect(persistence.archiving).toBe(false);
    expect(await persistence.archiveOpened({ turnId: 't1', inputs: [input] })).toEqual([]);
    expect(input.archived).toBeUndefined();
    expect(await persistence.persistToolGroup(searchGroup())).toEqual([]);
    expect(await persistence.persistReply(replyOptions())).toBeUndefined();
    expect(await persistence.writeStopMarker({ turnId: 't1', sessionId: 's1' })).toBeUndefined();
    await persistence.writeTurnRecord({ turnId: 't1', sessionId: 's1', record: { outcome: 'replied' } });
    expect(await persistence.rollback('s1', 't1')).toBe(0);
    expect(await persistence.history('s1')).toEqual([]);
    expect(await persistence.countHistory('s1')).toBe(0);
  });

  it("[ARC-7] rolling back by turn id removes exactly that turn's messages, inputs included", async () => {
    const { store, persistence } = setup();
    await persistence.archiveOpened({ turnId: 't0', inputs: [human('earlier')] });
    await persistence.writeTurnRecord({ turnId: 't0', sessionId: 's1', record: { outcome: 'silent' } });
    await persistence.archiveOpened({ turnId: 't1', inputs: [human('question')] });
    await persistence.persistToolGroup(searchGroup());
    await persistence.persistReply(replyOptions());
    await persistence.writeTurnRecord({ turnId: 't1', sessionId: 's1', record: { outcome: 'replied' } });
    await persistence.archiveReleased([human('released')]);
    expect(await persistence.rollback('s1', 't1')).toBe(5);
    expect(contentsOf(await store.list('s1'))).toEqual(['earlier', WellKnownKinds.EventMarker, 'released']);
  });

  it('[ARC-8] [OUT-1] a replied turn writes its record on the last persisted reply, after the last tool group', async () => {
    const { store, persistence } = setup();
    await persistence.archiveOpened({ turnId: 't1', inputs: [human('q')] });
    await persistence.persistToolGroup(searchGroup());
    await persistence.persistReply(replyOptions({ content: 'draft', sent: false }));
    const final = await persistence.persistReply(replyOptions({ content: 'final' }));
    await persistence.writeTurnRecord({ turnId: 't1', sessionId: 's1', record: { outcome: 'replied' } });
    const messages = await store.list('s1');
    expect(messages.at(-1)?.id).toBe(final?.id);
    expect(messages.at(-1)?.metadata[Keys.TurnRecord]).toEqual({ outcome: 'replied' });
    expect(messages.filter((message) => message.metadata[Keys.TurnRecord] !== undefined)).toHaveLength(1);
    expect((await turnOf(store, 't1')).record).toEqual({ outcome: 'replied' });
  });

  it('[ARC-8] a turn without persisted reply writes one event marker with turn id and record, which no model sees', async () => {
    const { store, persistence } = setup();
    const source = { kind: 'scheduler', id: 'job-1' };
    await persistence.archiveOpened({ turnId: 't1', inputs: [human('tick', { source })] });
    await persistence.writeTurnRecord({
      turnId: 't1',
      sessionId: 's1',
      record: { outcome: 'error', source, error: '[错误] 模型不可用' },
    });
    const marker = (await store.list('s1')).at(-1);
    expect(marker).toMatchObject({
      role: 'system',
      kind: WellKnownKinds.EventMarker,
      content: '',
      metadata: {
        [Keys.TurnId]: 't1',
        [Keys.TurnRecord]: { outcome: 'error', source, error: '[错误] 模型不可用' },
      },
    });
    expect(Object.keys(marker?.metadata ?? {})).toEqual([Keys.TurnId, Keys.TurnRecord]);
    expect(contentsOf(await persistence.history('s1'))).toEqual(['tick']);
    expect(await persistence.countHistory('s1')).toBe(1);
  });

  it('[ARC-8] a silent turn whose only replies were dropped retry versions writes its record on an event marker', async () => {
    const { store, persistence } = setup();
    await persistence.archiveOpened({ turnId: 't1', inputs: [human('q')] });
    const dropped = await persistence.persistReply(replyOptions({ content: 'badly formatted', sent: false }));
    await persistence.writeTurnRecord({ turnId: 't1', sessionId: 's1', record: { outcome: 'silent' } });
    const messages = await store.list('s1');
    expect(messages.find((message) => message.id === dropped?.id)?.metadata[Keys.TurnRecord]).toBeUndefined();
    expect(messages.at(-1)).toMatchObject({
      kind: WellKnownKinds.EventMarker,
      metadata: { [Keys.TurnId]: 't1', [Keys.TurnRecord]: { outcome: 'silent' } },
    });
  });

  it('[ABT-5] the turn record keeps outcome, source and error only', async () => {
    const { store, persistence } = setup();
    const record = { outcome: 'aborted' as const, reason: 'user pressed stop' };
    await persistence.writeTurnRecord({ turnId: 't1', sessionId: 's1', record });
    expect((await store.list('s1'))[0]?.metadata[Keys.TurnRecord]).toEqual({ outcome: 'aborted' });
  });

  it('[ARC-9] an aborted turn with inputs in history writes a stop marker naming who stopped it, before its record', async () => {
    const { store, persistence } = setup();
    await persistence.archiveOpened({ turnId: 't1', inputs: [human('q')] });
    expect(persistence.hasHistory('t1')).toBe(true);
    const by = { id: 'alice', name: 'Alice', platform: 'qq' };
    const marker = await persistence.writeStopMarker({ turnId: 't1', sessionId: 's1', by });
    await persistence.writeTurnRecord({ turnId: 't1', sessionId: 's1', record: { outcome: 'aborted' } });
    expect(marker).toMatchObject({
      role: 'system',
      kind: WellKnownKinds.TurnStopped,
      content: '[系统] 上一轮回复被 Alice 停止，未完成。',
      metadata: { [Keys.TurnId]: 't1', [Keys.StoppedBy]: by },
    });
    expect(contentsOf(await store.list('s1'))).toEqual([
      'q',
      WellKnownKinds.TurnStopped,
      WellKnownKinds.EventMarker,
    ]);
    expect(contentsOf(await persistence.history('s1'))).toEqual(['q', WellKnownKinds.TurnStopped]);
    expect(await persistence.countHistory('s1')).toBe(1);
    const turn = await turnOf(store, 't1');
    expect([turn.stopped, turn.stoppedBy, turn.record]).toEqual([true, by, { outcome: 'aborted' }]);
  });

  it('[ARC-9] a turn with only a tool-call group in history gets a stop marker; one with nothing in history gets none', async () => {
    const { store, persistence } = setup();
    await persistence.archiveOpened({ turnId: 't1', inputs: [human('topic', { triggerType: 'idle' })] });
    expect(persistence.hasHistory('t1')).toBe(false);
    expect(await persistence.writeStopMarker({ turnId: 't1', sessionId: 's1' })).toBeUndefined();
    await persistence.persistToolGroup(searchGroup());
    const marker = await persistence.writeStopMarker({ turnId: 't1', sessionId: 's1' });
    expect(marker?.content).toBe('[系统] 上一轮回复已被停止，未完成。');
    expect(marker?.metadata[Keys.StoppedBy]).toBeUndefined();
    expect(await persistence.writeStopMarker({ turnId: 't1', sessionId: 's1' })).toBeUndefined();
    expect(
      (await store.list('s1')).filter((message) => message.kind === WellKnownKinds.TurnStopped),
    ).toHaveLength(1);
  });

  it('[ARC-9] the stop marker wording can be English or supplied by the caller', async () => {
    const { store } = setup();
    const english = createTurnPersistence({ archive: store, stopMarkerLanguage: 'en' });
    await english.archiveOpened({ turnId: 't1', inputs: [human('q')] });
    const marker = await english.writeStopMarker({ turnId: 't1', sessionId: 's1', by: { id: 'u-7' } });
    expect(marker?.content).toBe('[System] The previous reply was stopped by u-7 before it finished.');
    const custom = createTurnPersistence({
      archive: store,
      stopMarkerText: (by) => `stopped:${by?.id ?? '-'}`,
    });
    await custom.archiveOpened({ turnId: 't2', inputs: [human('q2')] });
    expect((await custom.writeStopMarker({ turnId: 't2', sessionId: 's1' }))?.content).toBe('stopped:-');
  });

  it('[USG-5] countHistory counts inputs, tool calls and results but no control kinds', async () => {
    const { persistence } = setup();
    await persistence.archiveOpened({ turnId: 't1', inputs: [human('q')] });
    await persistence.persistToolGroup(searchGroup());
    await persistence.writeStopMarker({ turnId: 't1', sessionId: 's1' });
    await persistence.writeTurnRecord({ turnId: 't1', sessionId: 's1', record: { outcome: 'aborted' } });
    expect(await persistence.countHistory('s1')).toBe(4);
    expect(contentsOf(await persistence.history('s1', { limit: 2 }))).toEqual([WellKnownKinds.TurnStopped]);
  });

  it('rejects misuse as TypeError: missing turn id or session id', async () => {
    const { persistence } = setup();
    await expect(persistence.archiveOpened({ turnId: '', inputs: [] })).rejects.toThrow(TypeError);
    await expect(persistence.persistReply(replyOptions({ sessionId: '' }))).rejects.toThrow(TypeError);
  });
});
