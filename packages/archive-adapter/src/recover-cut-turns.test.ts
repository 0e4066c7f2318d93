import type { IncomingMessage, Message } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sequentialIds, steppingClock, storeFactories } from '../test/store-factories';
import {
  type ArchiveStore,
  createTurnPersistence,
  cutTurnText,
  type PersistableInput,
  type TimelineTurn,
  type TurnPersistence,
} from './index';

const human = (content: string, extra: Partial<IncomingMessage> = {}): PersistableInput => ({
  message: { content, sessionId: 's1', platform: 'qq', userId: 'u1', ...extra },
});

const crashMarker = cutTurnText('zh').stopMarker;
const crashResult = cutTurnText('zh').unfinishedToolCall;

function shapeOf(messages: readonly Message[]): string[] {
  return messages.map((message) => message.kind ?? `${message.role}:${message.content}`);
}

/** Call ids `k1`, `k2`, … for error results, so tests can name them. */
function callIds(): () => string {
  let next = 0;
  return () => `k${++next}`;
}

describe.each(storeFactories)('recovery of cut turns over $name', (factory) => {
  const opened: ArchiveStore[] = [];
  /** A store, the persistence of the process that crashed, and a fresh one for the next process. */
  const setup = () => {
    const store = factory.create({ now: steppingClock(), createId: sequentialIds() });
    opened.push(store);
    const crashed = createTurnPersistence({ archive: store, memory: store });
    const restarted: TurnPersistence = createTurnPersistence({ archive: store, memory: store });
    return { store, crashed, restarted };
  };
  const turnOf = async (store: ArchiveStore, turnId: string): Promise<TimelineTurn> => {
    const item = (await store.timeline('s1')).items.find(
      (entry) => entry.type === 'turn' && entry.turnId === turnId,
    );
    if (item?.type !== 'turn') throw new Error(`no turn ${turnId} in the timeline`);
    return item;
  };
  /** A turn of `persistence` left open with its inputs archived, as a crash leaves it. */
  const cutTurn = async (
    persistence: TurnPersistence,
    turnId: string,
    inputs: PersistableInput[],
    sessionId = 's1',
  ) => {
    const writer = persistence.beginTurn({ turnId, sessionId });
    await writer.archiveOpened(inputs);
    return writer;
  };
  const replied = async (persistence: TurnPersistence, turnId: string, question: string) => {
    const writer = persistence.beginTurn({ turnId, sessionId: 's1' });
    await writer.archiveOpened([human(question)]);
    await writer.persistReply({
      content: `answer to ${question}`,
      model: 'm',
      tokens: { promptTokens: 1 },
      platform: 'qq',
      sent: true,
    });
    await writer.finish({ record: { outcome: 'replied' } });
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('[DUR-1] a cut turn with inputs only gets a stop marker then an aborted record, in one append', async () => {
    const { store, crashed, restarted } = setup();
    await replied(crashed, 't0', 'earlier');
    const writer = await cutTurn(crashed, 't1', [human('first'), human('second')]);
    await writer.archiveJoined([human('joined')]);
    const append = vi.spyOn(store, 'append');

    const recovered = await restarted.recoverCutTurns('s1');

    expect(append).toHaveBeenCalledTimes(1);
    expect(recovered).toEqual([
      {
        turnId: 't1',
        unansweredToolCallIds: [],
        stopMarkerWritten: true,
        record: { outcome: 'aborted' },
        messages: [
          expect.objectContaining({
            role: 'system',
            kind: WellKnownKinds.TurnStopped,
            content: crashMarker,
            metadata: { [Keys.TurnId]: 't1' },
          }),
          expect.objectContaining({
            role: 'system',
            kind: WellKnownKinds.EventMarker,
            content: '',
            metadata: { [Keys.TurnId]: 't1', [Keys.TurnRecord]: { outcome: 'aborted' } },
          }),
        ],
      },
    ]);
    expect(shapeOf(await restarted.history('s1')).slice(-4)).toEqual([
      'user:first',
      'user:second',
      'user:joined',
      WellKnownKinds.TurnStopped,
    ]);
    const turn = await turnOf(store, 't1');
    expect([turn.record, turn.stopped]).toEqual([{ outcome: 'aborted' }, true]);
  });

  it('[DUR-1] an unanswered tool group gets an error result per call with its call id and turn id, then the stop marker and the record with the source of the first input', async () => {
    const { store, crashed, restarted } = setup();
    const source = { kind: 'scheduler', id: 'job-7' };
    await cutTurn(crashed, 't1', [human('check the feeds', { source })]);
    // A writer that stores the call before its results, cut between the two.
    await store.append('s1', [
      {
        role: 'assistant',
        content: 'Looking.',
        toolCalls: [
          { id: 'call_a', name: 'fetch', arguments: '{}' },
          { id: 'call_b', name: 'fetch', arguments: '{}' },
        ],
        metadata: { [Keys.TurnId]: 't1' },
      },
      {
        role: 'tool',
        content: 'fetched',
        toolCallId: 'call_a',
        metadata: { [Keys.TurnId]: 't1', [Keys.CallId]: 'c-a' },
      },
    ]);

    const [recovered] = await restarted.recoverCutTurns('s1', { createCallId: callIds() });

    expect(recovered?.unansweredToolCallIds).toEqual(['call_b']);
    expect(recovered?.record).toEqual({ outcome: 'aborted', source });
    expect(shapeOf(await restarted.history('s1'))).toEqual([
      'user:check the feeds',
      'assistant:Looking.',
      'tool:fetched',
      `tool:${crashResult}`,
      WellKnownKinds.TurnStopped,
    ]);
    expect(recovered?.messages[0]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_b',
      metadata: { [Keys.TurnId]: 't1', [Keys.CallId]: 'k1' },
    });
    const turn = await turnOf(store, 't1');
    expect(turn.record).toEqual({ outcome: 'aborted', source });
    const calls = turn.segments.filter((segment) => segment.type === 'tool_call');
    expect(calls.map((segment) => [segment.toolCallId, segment.callId, segment.result?.content])).toEqual([
      ['call_a', 'c-a', 'fetched'],
      ['call_b', 'k1', crashResult],
    ]);
  });

  it('[DUR-1] a turn cut after its answered tool group and its reply, before its record, is closed as aborted', async () => {
    const { store, crashed, restarted } = setup();
    const writer = await cutTurn(crashed, 't1', [human('weather?')]);
    await writer.persistToolGroup({
      assistant: { content: '', toolCalls: [{ id: 'call_1', name: 'weather', arguments: '{}' }] },
      results: [{ toolCallId: 'call_1', callId: 'c-1', content: 'sunny' }],
    });
    await writer.persistReply({
      content: 'Sunny.',
      model: 'm',
      tokens: { promptTokens: 1 },
      platform: 'qq',
      sent: true,
    });

    const [recovered] = await restarted.recoverCutTurns('s1');

    expect(recovered?.unansweredToolCallIds).toEqual([]);
    expect(shapeOf(recovered?.messages ?? [])).toEqual([
      WellKnownKinds.TurnStopped,
      WellKnownKinds.EventMarker,
    ]);
    const turn = await turnOf(store, 't1');
    expect(turn.record).toEqual({ outcome: 'aborted' });
    expect(turn.segments.map((segment) => segment.type)).toEqual(['input', 'tool_call', 'text']);
  });

  it('[DUR-1] an unrecorded turn before the last recorded turn is left as it is', async () => {
    const { store, crashed, restarted } = setup();
    await cutTurn(crashed, 't1', [human('cut long ago')]);
    await replied(restarted, 't2', 'later');
    const before = await store.list('s1');

    expect(await restarted.recoverCutTurns('s1')).toEqual([]);

    expect(await store.list('s1')).toEqual(before);
    expect((await turnOf(store, 't1')).record).toBeUndefined();
  });

  it('[DUR-1] every cut turn after the last recorded one is closed, oldest first, one append each', async () => {
    const { store, crashed, restarted } = setup();
    await replied(crashed, 't0', 'recorded');
    await cutTurn(crashed, 't1', [human('one')]);
    await crashed.archiveReleased([human('released')]);
    await cutTurn(crashed, 't2', [human('two')]);
    const append = vi.spyOn(store, 'append');

    const recovered = await restarted.recoverCutTurns('s1');

    expect(recovered.map((turn) => turn.turnId)).toEqual(['t1', 't2']);
    expect(append).toHaveBeenCalledTimes(2);
    expect((await turnOf(store, 't1')).record).toEqual({ outcome: 'aborted' });
    expect((await turnOf(store, 't2')).record).toEqual({ outcome: 'aborted' });
  });

  it('[DUR-1] recovery is idempotent, and a turn that has its stop marker but no record gets only the record', async () => {
    const { store, crashed, restarted } = setup();
    const writer = await cutTurn(crashed, 't1', [human('stop me')]);
    // The crash comes between the stop marker and the record of an aborted turn.
    const append = store.append.bind(store);
    vi.spyOn(store, 'append').mockImplementation(async (sessionId, drafts) => {
      if (drafts.some((draft) => draft.kind === WellKnownKinds.EventMarker)) throw new Error('crash');
      return append(sessionId, drafts);
    });
    await expect(writer.finish({ record: { outcome: 'aborted' } })).rejects.toThrow('crash');
    vi.mocked(store.append).mockRestore();

    const [recovered] = await restarted.recoverCutTurns('s1');
    const again = await restarted.recoverCutTurns('s1');

    expect(recovered?.stopMarkerWritten).toBe(false);
    expect(shapeOf(recovered?.messages ?? [])).toEqual([WellKnownKinds.EventMarker]);
    expect(again).toEqual([]);
    expect(shapeOf(await store.list('s1'))).toEqual([
      'user:stop me',
      WellKnownKinds.TurnStopped,
      WellKnownKinds.EventMarker,
    ]);
  });

  it('[DUR-1] a turn running in this process is not cut: isRunning, and turns with an open writer of the persistence object', async () => {
    const { store, crashed, restarted } = setup();
    await cutTurn(crashed, 't1', [human('still running')]);
    const before = await store.list('s1');

    expect(await restarted.recoverCutTurns('s1', { isRunning: (turnId) => turnId === 't1' })).toEqual([]);
    expect(await crashed.recoverCutTurns('s1')).toEqual([]);

    expect(await store.list('s1')).toEqual(before);
  });

  it('[DUR-1] reads only back to the last record, across pages, and closes a cut turn longer than a page', async () => {
    const { store, crashed, restarted } = setup();
    for (let turn = 0; turn < 40; turn += 1) await replied(crashed, `r${turn}`, `q${turn}`);
    const many = Array.from({ length: 70 }, (_, index) => human(`part ${index}`));
    await cutTurn(crashed, 't1', many);
    const list = vi.spyOn(store, 'list');

    const [recovered] = await restarted.recoverCutTurns('s1');

    expect(recovered?.turnId).toBe('t1');
    expect(list).toHaveBeenCalledTimes(2);
    expect((await turnOf(store, 't1')).segments).toHaveLength(70);
  });

  it('[DUR-1] the wording follows stopMarkerLanguage or cutTurnText', async () => {
    const { store, crashed } = setup();
    await cutTurn(crashed, 't1', [human('a')]);
    await cutTurn(crashed, 't2', [human('b', { sessionId: 's2' })], 's2');
    const english = createTurnPersistence({ archive: store, stopMarkerLanguage: 'en' });
    const own = createTurnPersistence({
      archive: store,
      cutTurnText: { stopMarker: 'cut', unfinishedToolCall: 'unfinished' },
    });

    const [first] = await english.recoverCutTurns('s1');
    const [second] = await own.recoverCutTurns('s2');

    expect(first?.messages[0]?.content).toBe(
      '[System] The previous reply was stopped before it finished: the process ended.',
    );
    expect(second?.messages[0]?.content).toBe('cut');
  });

  it('[DUR-1] without an archive nothing is recovered; misuse is a TypeError', async () => {
    const { store } = setup();
    expect(await createTurnPersistence().recoverCutTurns('s1')).toEqual([]);
    const persistence = createTurnPersistence({ archive: store });
    await expect(persistence.recoverCutTurns('')).rejects.toThrow(TypeError);
    await expect(persistence.recoverCutTurns('s1', { isRunning: true as never })).rejects.toThrow(TypeError);
  });
});
