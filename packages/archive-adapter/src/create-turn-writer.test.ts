import type { IncomingMessage, Message } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sequentialIds, steppingClock, storeFactories } from '../test/store-factories';
import {
  type ArchiveStore,
  createTurnPersistence,
  type PersistableInput,
  type PersistReplyOptions,
  type PersistToolGroupOptions,
  type TimelineTurn,
  type TurnPersistence,
  type TurnWriter,
} from './index';

const registeredKeys = new Set<string>(Object.values(Keys));

const human = (content: string, extra: Partial<IncomingMessage> = {}): PersistableInput => ({
  message: { content, sessionId: 's1', platform: 'qq', userId: 'u1', nickname: 'Alice', ...extra },
});

const replyOptions = (overrides: Partial<PersistReplyOptions> = {}): PersistReplyOptions => ({
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

const searchGroup = (): PersistToolGroupOptions & {
  results: { toolCallId: string; callId: string; content: string; metadata?: Record<string, unknown> }[];
} => ({
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

describe.each(storeFactories)('the turn writer over $name', (factory) => {
  const opened: ArchiveStore[] = [];
  const setup = (): { store: ArchiveStore; persistence: TurnPersistence; writer: TurnWriter } => {
    const store = factory.create({ now: steppingClock(), createId: sequentialIds() });
    opened.push(store);
    const persistence = createTurnPersistence({ archive: store, memory: store });
    return { store, persistence, writer: persistence.beginTurn({ turnId: 't1', sessionId: 's1' }) };
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

  it('[ARC-1] every write of a writer carries its turn id and goes to its session', async () => {
    const { store, writer } = setup();
    expect([writer.turnId, writer.sessionId]).toEqual(['t1', 's1']);
    const inputs = await writer.archiveOpened([human('q')]);
    const joined = await writer.archiveJoined([human('more')]);
    const group = await writer.persistToolGroup(searchGroup());
    const reply = await writer.persistReply(replyOptions());
    await writer.finish({ record: { outcome: 'replied' } });
    const written = [...inputs, ...joined, ...group, reply];
    for (const message of written) expect(message?.metadata[Keys.TurnId]).toBe('t1');
    expect((await store.list('s1')).map((message) => message.role)).toEqual([
      'user',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
  });

  it('[ARC-2] every tool call, including one that failed before executing, records its callId in the result and the timeline', async () => {
    const { store, writer } = setup();
    const [assistant, ...results] = await writer.persistToolGroup(searchGroup());
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
    const { store, writer } = setup();
    const group = searchGroup();
    await expect(writer.persistToolGroup({ ...group, results: group.results.slice(0, 1) })).rejects.toThrow(
      /without result: call_b/,
    );
    await expect(
      writer.persistToolGroup({
        ...group,
        results: [...group.results, { toolCallId: 'x', callId: 'k3', content: '' }],
      }),
    ).rejects.toThrow(TypeError);
    await expect(
      writer.persistToolGroup({
        ...group,
        results: group.results.map((result) => ({ ...result, callId: 'same' })),
      }),
    ).rejects.toThrow(/used twice/);
    expect(await store.list('s1')).toEqual([]);
    expect(writer.hasHistory).toBe(false);
  });

  it('[ARC-3] the final reply records model, tokens, platform, own identity, group, session type and visible body under registered keys only', async () => {
    const { writer } = setup();
    const reply = await writer.persistReply(
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
    const { store, writer } = setup();
    const pluginMetadata = { 'image.url': 'https://example.com/x.png', 'audit.flags': ['ok', { level: 2 }] };
    const group = searchGroup();
    await writer.persistToolGroup({
      ...group,
      results: [{ ...group.results[0]!, metadata: pluginMetadata }, group.results[1]!],
    });
    const [, result] = await store.list('s1');
    expect(result?.metadata).toEqual({ ...pluginMetadata, [Keys.TurnId]: 't1', [Keys.CallId]: 'k1' });
  });

  it('[ARC-5] room text said before tool calls and replies not handed to the platform are marked not sent', async () => {
    const { store, writer } = setup();
    const group = searchGroup();
    await writer.persistToolGroup({ ...group, assistant: { ...group.assistant, sent: false } });
    const dropped = await writer.persistReply(replyOptions({ content: 'bad format', sent: false }));
    const final = await writer.persistReply(replyOptions({ content: 'final' }));
    expect(dropped?.metadata[Keys.NotSent]).toBe(true);
    expect(final?.metadata[Keys.NotSent]).toBeUndefined();
    await writer.markNotSent(final!.id);
    expect((await store.get(final!.id))?.metadata[Keys.NotSent]).toBe(true);
    const texts = (await turnOf(store, 't1')).segments.filter((segment) => segment.type === 'text');
    expect(texts.map((segment) => [segment.message.content, segment.notSent])).toEqual([
      ['Let me look.', true],
      ['bad format', true],
      ['final', true],
    ]);
  });

  it('[ARC-6] opening inputs get turn id and entry opened, inserted ones joined, released ones no turn id', async () => {
    const { store, persistence, writer } = setup();
    await writer.archiveOpened([human('first'), human('second')]);
    await writer.archiveJoined([human('more')]);
    await persistence.archiveReleased([human('later')]);
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
    const { store, writer } = setup();
    const idle = human('topic', { triggerType: 'idle' });
    const input = human('hi');
    const [archived] = await writer.archiveOpened([idle, input]);
    expect(input.archived).toEqual(archived);
    expect(idle.archived).toBeUndefined();
    expect(await writer.archiveJoined([input])).toEqual([]);
    expect(await store.list('s1')).toHaveLength(1);
  });

  it('[SVC-5] [HK-9] without an archive every write is a no-op, archived stays unset and reads are empty', async () => {
    const persistence = createTurnPersistence();
    const writer = persistence.beginTurn({ turnId: 't1', sessionId: 's1' });
    const input = human('hi');
    expect(persistence.archiving).toBe(false);
    expect(await writer.archiveOpened([input])).toEqual([]);
    expect(input.archived).toBeUndefined();
    expect(writer.hasHistory).toBe(false);
    expect(await writer.persistToolGroup(searchGroup())).toEqual([]);
    expect(await writer.persistReply(replyOptions())).toBeUndefined();
    expect(await writer.history()).toEqual([]);
    expect(await writer.countHistory()).toBe(0);
    expect(await writer.finish({ record: { outcome: 'aborted' } })).toEqual({ stopMarker: undefined });
    expect(await writer.rollback()).toBe(0);
    expect(await persistence.history('s1')).toEqual([]);
    expect(await persistence.countHistory('s1')).toBe(0);
  });

  it("[ARC-7] rollback removes exactly that turn's messages, inputs included, also after finish", async () => {
    const { store, persistence } = setup();
    const earlier = persistence.beginTurn({ turnId: 't0', sessionId: 's1' });
    await earlier.archiveOpened([human('earlier')]);
    await earlier.finish({ record: { outcome: 'silent' } });
    const writer = persistence.beginTurn({ turnId: 't2', sessionId: 's1' });
    await writer.archiveOpened([human('question')]);
    await writer.persistToolGroup(searchGroup());
    await writer.persistReply(replyOptions());
    await writer.finish({ record: { outcome: 'replied' } });
    await persistence.archiveReleased([human('released')]);
    expect(await writer.rollback()).toBe(5);
    expect(contentsOf(await store.list('s1'))).toEqual(['earlier', WellKnownKinds.EventMarker, 'released']);
  });

  it('[ARC-7] rollback of an open turn removes its messages and ends it: nothing more is written, its id may begin again', async () => {
    const { store, persistence, writer } = setup();
    await writer.archiveOpened([human('question')]);
    await writer.persistToolGroup(searchGroup());
    expect(await writer.rollback()).toBe(4);
    expect(writer.ended).toBe(true);
    expect(await store.list('s1')).toEqual([]);
    await expect(writer.persistReply(replyOptions())).rejects.toThrow(TypeError);
    await expect(writer.finish({ record: { outcome: 'aborted' } })).rejects.toThrow(TypeError);
    expect(persistence.beginTurn({ turnId: 't1', sessionId: 's1' }).turnId).toBe('t1');
  });

  it('[ARC-8] [OUT-1] a replied turn writes its record on the last persisted reply, after the last tool group', async () => {
    const { store, writer } = setup();
    await writer.archiveOpened([human('q')]);
    await writer.persistToolGroup(searchGroup());
    await writer.persistReply(replyOptions({ content: 'draft', sent: false }));
    const final = await writer.persistReply(replyOptions({ content: 'final' }));
    expect(await writer.finish({ record: { outcome: 'replied' } })).toEqual({ stopMarker: undefined });
    const messages = await store.list('s1');
    expect(messages.at(-1)?.id).toBe(final?.id);
    expect(messages.at(-1)?.metadata[Keys.TurnRecord]).toEqual({ outcome: 'replied' });
    expect(messages.filter((message) => message.metadata[Keys.TurnRecord] !== undefined)).toHaveLength(1);
    expect((await turnOf(store, 't1')).record).toEqual({ outcome: 'replied' });
  });

  it('[ARC-8] a turn without persisted reply writes one event marker with turn id and record, which no model sees', async () => {
    const { store, writer } = setup();
    const source = { kind: 'scheduler', id: 'job-1' };
    await writer.archiveOpened([human('tick', { source })]);
    await writer.finish({ record: { outcome: 'error', source, error: '[错误] 模型不可用' } });
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
    expect(contentsOf(await writer.history())).toEqual(['tick']);
    expect(await writer.countHistory()).toBe(1);
  });

  it('[ARC-8] a silent turn whose only replies were dropped retry versions writes its record on an event marker', async () => {
    const { store, writer } = setup();
    await writer.archiveOpened([human('q')]);
    const dropped = await writer.persistReply(replyOptions({ content: 'badly formatted', sent: false }));
    await writer.finish({ record: { outcome: 'silent' } });
    const messages = await store.list('s1');
    expect(messages.find((message) => message.id === dropped?.id)?.metadata[Keys.TurnRecord]).toBeUndefined();
    expect(messages.at(-1)).toMatchObject({
      kind: WellKnownKinds.EventMarker,
      metadata: { [Keys.TurnId]: 't1', [Keys.TurnRecord]: { outcome: 'silent' } },
    });
  });

  it('[ABT-5] the turn record keeps outcome, source and error only', async () => {
    const { store, writer } = setup();
    const record = { outcome: 'aborted' as const, reason: 'user pressed stop' };
    await writer.finish({ record });
    expect((await store.list('s1'))[0]?.metadata[Keys.TurnRecord]).toEqual({ outcome: 'aborted' });
  });

  it('[ARC-9] [ABT-6] finish of an aborted turn with inputs in history writes a stop marker naming who stopped it, then its record', async () => {
    const { store, writer } = setup();
    await writer.archiveOpened([human('q')]);
    expect(writer.hasHistory).toBe(true);
    const by = { id: 'alice', name: 'Alice', platform: 'qq' };
    const append = vi.spyOn(store, 'append');
    const { stopMarker } = await writer.finish({ record: { outcome: 'aborted' }, by });
    expect(append.mock.calls.map(([, drafts]) => drafts.map((draft) => draft.kind))).toEqual([
      [WellKnownKinds.TurnStopped],
      [WellKnownKinds.EventMarker],
    ]);
    expect(stopMarker).toMatchObject({
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
    expect(contentsOf(await writer.history())).toEqual(['q', WellKnownKinds.TurnStopped]);
    expect(await writer.countHistory()).toBe(1);
    const turn = await turnOf(store, 't1');
    expect([turn.stopped, turn.stoppedBy, turn.record]).toEqual([true, by, { outcome: 'aborted' }]);
  });

  it('[ARC-9] a turn with only a tool-call group in history gets a stop marker; one with nothing in history, or not aborted, gets none', async () => {
    const { store, persistence, writer } = setup();
    await writer.archiveOpened([human('topic', { triggerType: 'idle' })]);
    expect(writer.hasHistory).toBe(false);
    expect(await writer.finish({ record: { outcome: 'aborted' } })).toEqual({ stopMarker: undefined });
    const grouped = persistence.beginTurn({ turnId: 't2', sessionId: 's1' });
    await grouped.persistToolGroup(searchGroup());
    expect(grouped.hasHistory).toBe(true);
    const { stopMarker } = await grouped.finish({ record: { outcome: 'aborted' } });
    expect(stopMarker?.content).toBe('[系统] 上一轮回复已被停止，未完成。');
    expect(stopMarker?.metadata[Keys.StoppedBy]).toBeUndefined();
    const silent = persistence.beginTurn({ turnId: 't3', sessionId: 's1' });
    await silent.archiveOpened([human('q')]);
    expect(await silent.finish({ record: { outcome: 'silent' } })).toEqual({ stopMarker: undefined });
    expect(
      (await store.list('s1')).filter((message) => message.kind === WellKnownKinds.TurnStopped),
    ).toHaveLength(1);
  });

  it('[ARC-9] an input archived before the archive failed on the next one counts as history', async () => {
    const { store, writer } = setup();
    const archiveIncoming = store.archiveIncoming.bind(store);
    vi.spyOn(store, 'archiveIncoming')
      .mockImplementationOnce(archiveIncoming)
      .mockRejectedValueOnce(new Error('disk full'));
    await expect(writer.archiveOpened([human('first'), human('second')])).rejects.toThrow('disk full');
    expect(writer.hasHistory).toBe(true);
    vi.mocked(store.archiveIncoming).mockRestore();
    const { stopMarker } = await writer.finish({ record: { outcome: 'aborted' } });
    expect(stopMarker?.kind).toBe(WellKnownKinds.TurnStopped);
  });

  it('[ARC-9] the stop marker wording can be English or supplied by the caller', async () => {
    const { store } = setup();
    const english = createTurnPersistence({ archive: store, stopMarkerLanguage: 'en' }).beginTurn({
      turnId: 't2',
      sessionId: 's1',
    });
    await english.archiveOpened([human('q')]);
    const { stopMarker } = await english.finish({ record: { outcome: 'aborted' }, by: { id: 'u-7' } });
    expect(stopMarker?.content).toBe('[System] The previous reply was stopped by u-7 before it finished.');
    const custom = createTurnPersistence({
      archive: store,
      stopMarkerText: (by) => `stopped:${by?.id ?? '-'}`,
    }).beginTurn({ turnId: 't3', sessionId: 's1' });
    await custom.archiveOpened([human('q2')]);
    expect((await custom.finish({ record: { outcome: 'aborted' } })).stopMarker?.content).toBe('stopped:-');
  });

  it('[USG-5] countHistory counts inputs, tool calls and results but no control kinds', async () => {
    const { writer } = setup();
    await writer.archiveOpened([human('q')]);
    await writer.persistToolGroup(searchGroup());
    await writer.finish({ record: { outcome: 'aborted' } });
    expect(await writer.countHistory()).toBe(4);
    expect(contentsOf(await writer.history({ limit: 2 }))).toEqual([WellKnownKinds.TurnStopped]);
  });

  it('finish twice is a TypeError that writes nothing; so is any write after the turn ended', async () => {
    const { store, writer } = setup();
    await writer.archiveOpened([human('q')]);
    await writer.finish({ record: { outcome: 'aborted' } });
    const before = await store.list('s1');
    await expect(writer.finish({ record: { outcome: 'aborted' } })).rejects.toThrow(TypeError);
    await expect(writer.archiveJoined([human('late')])).rejects.toThrow(TypeError);
    await expect(writer.persistToolGroup(searchGroup())).rejects.toThrow(TypeError);
    await expect(writer.markNotSent(before[0]!.id)).rejects.toThrow(TypeError);
    expect(await store.list('s1')).toEqual(before);
    expect(writer.ended).toBe(true);
  });

  it('finish called again while the first one still writes is a TypeError too', async () => {
    const { writer } = setup();
    await writer.archiveOpened([human('q')]);
    const first = writer.finish({ record: { outcome: 'aborted' } });
    await expect(writer.finish({ record: { outcome: 'replied' } })).rejects.toThrow(TypeError);
    expect((await first).stopMarker?.kind).toBe(WellKnownKinds.TurnStopped);
  });

  it('forget ends the turn without writing anything, and can be called again', async () => {
    const { store, writer } = setup();
    await writer.archiveOpened([human('q')]);
    writer.forget();
    writer.forget();
    expect(writer.ended).toBe(true);
    await expect(writer.finish({ record: { outcome: 'aborted' } })).rejects.toThrow(TypeError);
    expect(contentsOf(await store.list('s1'))).toEqual(['q']);
  });

  it('rejects misuse as TypeError: a missing record or reply options, a half group', async () => {
    const { writer } = setup();
    await expect(writer.finish({} as never)).rejects.toThrow(TypeError);
    await expect(writer.persistReply(undefined as never)).rejects.toThrow(TypeError);
    await expect(
      writer.persistToolGroup({ assistant: { content: '', toolCalls: [] }, results: [] }),
    ).rejects.toThrow(TypeError);
    await expect(writer.archiveOpened('x' as never)).rejects.toThrow(TypeError);
    expect(writer.ended).toBe(false);
  });
});
