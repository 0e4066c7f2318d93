import type { IncomingMessage } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { afterEach, describe, expect, it } from 'vitest';
import { sequentialIds, steppingClock, storeFactories } from '../test/store-factories';
import { type ArchiveStore, createTurnPersistence, type PersistableInput } from './index';

const human = (content: string, extra: Partial<IncomingMessage> = {}): PersistableInput => ({
  message: { content, sessionId: 's1', platform: 'qq', userId: 'u1', ...extra },
});

const reply = (content: string) => ({
  content,
  model: 'm',
  tokens: { promptTokens: 1 },
  platform: 'qq',
  sent: true,
});

describe.each(storeFactories)('turn persistence over $name', (factory) => {
  const opened: ArchiveStore[] = [];
  const setup = () => {
    const store = factory.create({ now: steppingClock(), createId: sequentialIds() });
    opened.push(store);
    return { store, persistence: createTurnPersistence({ archive: store, memory: store }) };
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('[ABT-3] [ARC-6] released inputs are archived without a turn id and get archived', async () => {
    const { store, persistence } = setup();
    const released = [human('later'), human('topic', { triggerType: 'idle' })];
    const stored = await persistence.archiveReleased(released);
    expect(stored.map((message) => message.content)).toEqual(['later']);
    expect(released[0]?.archived).toEqual(stored[0]);
    expect(released[1]?.archived).toBeUndefined();
    expect((await store.list('s1')).map((message) => message.metadata[Keys.TurnId])).toEqual([undefined]);
  });

  it('[ARC-8] [ARC-9] two writers of two turns in one session keep their own state', async () => {
    const { store, persistence } = setup();
    const first = persistence.beginTurn({ turnId: 't1', sessionId: 's1' });
    const second = persistence.beginTurn({ turnId: 't2', sessionId: 's1' });
    await first.archiveOpened([human('one')]);
    const firstReply = await first.persistReply(reply('answer one'));
    expect([first.hasHistory, second.hasHistory]).toEqual([true, false]);

    expect((await second.finish({ record: { outcome: 'aborted' } })).stopMarker).toBeUndefined();
    await first.finish({ record: { outcome: 'replied' } });

    const messages = await store.list('s1');
    expect(messages.find((message) => message.id === firstReply?.id)?.metadata[Keys.TurnRecord]).toEqual({
      outcome: 'replied',
    });
    expect(messages.at(-1)).toMatchObject({
      kind: 'event-marker',
      metadata: { [Keys.TurnId]: 't2', [Keys.TurnRecord]: { outcome: 'aborted' } },
    });
    expect(messages).toHaveLength(3);
  });

  it('[DUR-1] recoverCutTurns skips the turns with an open writer of this object, and closes them once it ended', async () => {
    const { store, persistence } = setup();
    const writer = persistence.beginTurn({ turnId: 't1', sessionId: 's1' });
    await writer.archiveOpened([human('still running')]);
    expect(await persistence.recoverCutTurns('s1')).toEqual([]);
    expect(await store.list('s1')).toHaveLength(1);

    writer.forget();

    expect((await persistence.recoverCutTurns('s1')).map((turn) => turn.turnId)).toEqual(['t1']);
  });

  it('beginTurn refuses as TypeError a missing turn or session id, and a turn that already has an open writer', () => {
    const { persistence } = setup();
    expect(() => persistence.beginTurn({ turnId: '', sessionId: 's1' })).toThrow(TypeError);
    expect(() => persistence.beginTurn({ turnId: 't1', sessionId: '' })).toThrow(TypeError);
    expect(() => persistence.beginTurn(undefined as never)).toThrow(TypeError);
    const writer = persistence.beginTurn({ turnId: 't1', sessionId: 's1' });
    expect(() => persistence.beginTurn({ turnId: 't1', sessionId: 's1' })).toThrow(
      /already has an open writer/,
    );
    writer.forget();
    expect(persistence.beginTurn({ turnId: 't1', sessionId: 's1' }).ended).toBe(false);
  });

  it('[SVC-5] without an archive released inputs stay unarchived and reads are empty', async () => {
    const persistence = createTurnPersistence();
    const input = human('hi');
    expect(persistence.archiving).toBe(false);
    expect(await persistence.archiveReleased([input])).toEqual([]);
    expect(input.archived).toBeUndefined();
    expect(await persistence.history('s1')).toEqual([]);
    expect(await persistence.countHistory('s1')).toBe(0);
  });
});
