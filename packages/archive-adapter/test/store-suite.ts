import {
  ArchivedMessageNotFoundError,
  ArchiveStorageError,
  type MessageDraft,
  type MetadataPatch,
} from '@aalis/api-message-archive';
import type { IncomingMessage } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { afterEach, describe, expect, it } from 'vitest';
import { type ArchiveStore, type ArchiveStoreOptions, StorageOperationError } from '../src/index';
import { sequentialIds, steppingClock } from './store-factories';

/** A way to make a fresh, empty store for one test of the suite. */
export interface SuiteStoreFactory {
  readonly name: string;
  create(options: ArchiveStoreOptions): ArchiveStore | Promise<ArchiveStore>;
}

const incoming: IncomingMessage = {
  content: 'hello',
  sessionId: 's1',
  platform: 'qq',
  userId: 'u1',
  nickname: 'Alice',
  actor: { id: 'alice', name: 'Alice', roles: ['admin'] },
  triggerType: 'mention',
  sessionType: 'group',
  groupId: 'g1',
  groupName: 'Group One',
  attachments: [{ kind: 'image', url: 'https://example.com/a.png' }],
  replyTo: { messageId: 'p0', content: 'earlier' },
  messageId: 'p1',
  timestamp: 5,
};

const reply = (content: string, turnId?: string): MessageDraft => ({
  role: 'assistant',
  content,
  metadata: turnId === undefined ? {} : { [Keys.TurnId]: turnId },
});

/**
 * The behaviour every `ArchiveStore` shares, as one suite: `store-suite.test.ts` runs it
 * against the stores of this package, and a store of another package runs it against its own
 * (`@aalis/archive-postgres`). Each test opens fresh, empty stores through `factory`.
 */
export function describeStoreSuite(factory: SuiteStoreFactory): void {
  describe(`store suite: ${factory.name}`, () => storeSuite(factory));
}

function storeSuite(factory: SuiteStoreFactory): void {
  const opened: ArchiveStore[] = [];
  const open = async (options: ArchiveStoreOptions = {}): Promise<ArchiveStore> => {
    const store = await factory.create({ now: steppingClock(), createId: sequentialIds(), ...options });
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  describe('append and list', () => {
    it('stores drafts in order with ids, session and clock time, and lists them oldest first', async () => {
      const store = await open();
      const stored = await store.append('s1', [reply('a'), reply('b')]);
      expect(stored).toEqual([
        { id: 'm1', sessionId: 's1', role: 'assistant', content: 'a', metadata: {}, createdAt: 1000 },
        { id: 'm2', sessionId: 's1', role: 'assistant', content: 'b', metadata: {}, createdAt: 1001 },
      ]);
      expect(await store.list('s1')).toEqual(stored);
      expect(await store.list('other')).toEqual([]);
    });

    it('keeps an id and createdAt given in the draft', async () => {
      const store = await open();
      const [message] = await store.append('s1', [{ ...reply('a'), id: 'own', createdAt: 7 }]);
      expect(message).toMatchObject({ id: 'own', createdAt: 7 });
      expect(await store.get('own')).toEqual(message);
    });

    it('orders by storage sequence, not by time, when the clock goes backwards', async () => {
      let now = 100;
      const store = await open({ now: () => now-- });
      await store.append('s1', [reply('first')]);
      await store.append('s1', [reply('second')]);
      expect((await store.list('s1')).map((message) => message.content)).toEqual(['first', 'second']);
    });

    it('[ARC-1] writes a group all or none: one invalid draft stores nothing', async () => {
      const store = await open();
      const bad = { role: 'robot', content: 'x' } as unknown as MessageDraft;
      await expect(store.append('s1', [reply('a'), bad])).rejects.toThrow(TypeError);
      await expect(store.append('s1', [reply('a'), reply('b', '')])).rejects.toThrow(/turnId/);
      expect(await store.list('s1')).toEqual([]);
    });

    it('rejects an id that is already stored, in the store or twice in the batch, storing nothing', async () => {
      const store = await open();
      await store.append('s1', [{ ...reply('a'), id: 'x' }]);
      await expect(
        store.append('s1', [
          { ...reply('b'), id: 'y' },
          { ...reply('c'), id: 'x' },
        ]),
      ).rejects.toThrow(/already stored/);
      await expect(
        store.append('s1', [
          { ...reply('b'), id: 'y' },
          { ...reply('c'), id: 'y' },
        ]),
      ).rejects.toThrow(/already stored/);
      expect((await store.list('s1')).map((message) => message.id)).toEqual(['x']);
    });

    it('round-trips plugin metadata keys and tool calls through JSON, dropping undefined values', async () => {
      const store = await open();
      const [stored] = await store.append('s1', [
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c1', name: 'search', arguments: '{"q":1}' }],
          metadata: { 'plugin.key': { nested: [1, 'two'] }, gone: undefined },
        },
        { role: 'tool', content: 'r', toolCallId: 'c1' },
      ]);
      expect(stored?.metadata).toEqual({ 'plugin.key': { nested: [1, 'two'] } });
      expect(await store.list('s1')).toEqual(await store.list('s1'));
      expect((await store.list('s1'))[0]).toEqual(stored);
      expect((await store.list('s1'))[1]).toMatchObject({ role: 'tool', toolCallId: 'c1' });
    });

    it('is not changed by later mutation of a draft or of a returned message', async () => {
      const store = await open();
      const metadata: Record<string, unknown> = { note: 'original' };
      const [stored] = await store.append('s1', [{ role: 'user', content: 'a', metadata }]);
      metadata.note = 'changed';
      (stored?.metadata as Record<string, unknown>).note = 'changed too';
      expect((await store.get('m1'))?.metadata).toEqual({ note: 'original' });
    });

    it('pages with limit and before; an unknown `before` rejects with ArchivedMessageNotFoundError', async () => {
      const store = await open();
      await store.append('s1', [reply('a'), reply('b'), reply('c'), reply('d')]);
      const contents = async (options: Parameters<ArchiveStore['list']>[1]) =>
        (await store.list('s1', options)).map((message) => message.content);
      expect(await contents({ limit: 2 })).toEqual(['c', 'd']);
      expect(await contents({ before: 'm3' })).toEqual(['a', 'b']);
      expect(await contents({ before: 'm4', limit: 1 })).toEqual(['c']);
      expect(await contents({ limit: 0 })).toEqual([]);
      await expect(store.list('s1', { before: 'nope' })).rejects.toSatisfy(
        ArchivedMessageNotFoundError.isInstance,
      );
      await expect(store.list('s1', { limit: -1 })).rejects.toThrow(TypeError);
    });

    it('rejects a missing session id as a TypeError', async () => {
      const store = await open();
      await expect(store.append('', [reply('a')])).rejects.toThrow(TypeError);
      await expect(store.list('')).rejects.toThrow(TypeError);
    });
  });

  describe('archiveIncoming', () => {
    it('[ARC-6] stores an input as a user message with turn id, entry and the input fields under registered keys', async () => {
      const store = await open();
      const message = await store.archiveIncoming(incoming, { turnId: 't1', entry: 'opened' });
      expect(message).toEqual({
        id: 'm1',
        sessionId: 's1',
        role: 'user',
        content: 'hello',
        createdAt: 1000,
        metadata: {
          [Keys.TurnId]: 't1',
          [Keys.TurnEntry]: 'opened',
          [Keys.Sender]: {
            userId: 'u1',
            nickname: 'Alice',
            actor: { id: 'alice', name: 'Alice', roles: ['admin'] },
          },
          [Keys.TriggerType]: 'mention',
          [Keys.Attachments]: [{ kind: 'image', url: 'https://example.com/a.png' }],
          [Keys.ReplyTo]: { messageId: 'p0', content: 'earlier' },
          [Keys.PlatformMessageId]: 'p1',
          [Keys.Platform]: 'qq',
          [Keys.Group]: { id: 'g1', name: 'Group One' },
          [Keys.SessionType]: 'group',
        },
      });
      expect(await store.get('m1')).toEqual(message);
    });

    it('[ABT-3] archives a released input without turn id or entry', async () => {
      const store = await open();
      const message = await store.archiveIncoming({
        content: 'x',
        sessionId: 's1',
        platform: 'web',
        userId: 'u',
      });
      expect(message.metadata).toEqual({ [Keys.Sender]: { userId: 'u' }, [Keys.Platform]: 'web' });
    });

    it('records the source of an injection', async () => {
      const store = await open();
      const source = { kind: 'scheduler', id: 'job-1', label: 'Daily' };
      const message = await store.archiveIncoming({ ...incoming, source }, { turnId: 't1', entry: 'opened' });
      expect(message.metadata[Keys.Source]).toEqual(source);
    });

    it('rejects an entry without turn id as a TypeError and stores nothing', async () => {
      const store = await open();
      await expect(store.archiveIncoming(incoming, { entry: 'joined' })).rejects.toThrow(TypeError);
      expect(await store.list('s1')).toEqual([]);
    });
  });

  describe('updateMetadata', () => {
    it('merges keys and removes keys set to undefined', async () => {
      const store = await open();
      await store.append('s1', [{ role: 'assistant', content: 'a', metadata: { keep: 1, drop: 2 } }]);
      await store.updateMetadata('m1', { drop: undefined, [Keys.TurnRecord]: { outcome: 'replied' } });
      expect((await store.get('m1'))?.metadata).toEqual({
        keep: 1,
        [Keys.TurnRecord]: { outcome: 'replied' },
      });
    });

    it('rejects an unknown id with ArchivedMessageNotFoundError naming it', async () => {
      const store = await open();
      const failure = store.updateMetadata('missing', { a: 1 });
      await expect(failure).rejects.toSatisfy(ArchivedMessageNotFoundError.isInstance);
      await expect(failure).rejects.toMatchObject({ code: 'MESSAGE_NOT_FOUND', messageId: 'missing' });
    });

    it('rejects a registered key with a wrong value as a TypeError and keeps the row unchanged', async () => {
      const store = await open();
      await store.append('s1', [reply('a', 't1')]);
      const wrong = { [Keys.TurnEntry]: 'sideways' } as unknown as MetadataPatch;
      await expect(store.updateMetadata('m1', wrong)).rejects.toThrow(TypeError);
      expect((await store.get('m1'))?.metadata).toEqual({ [Keys.TurnId]: 't1' });
    });

    it('[ARC-7] moves a message between turns when its turn id changes', async () => {
      const store = await open();
      await store.append('s1', [reply('a', 't1'), reply('b', 't1')]);
      await store.updateMetadata('m2', { [Keys.TurnId]: 't2' });
      expect(await store.rollback('s1', 't1')).toBe(1);
      expect((await store.list('s1')).map((message) => message.content)).toEqual(['b']);
    });
  });

  describe('rollback and clear', () => {
    it("[ARC-7] rollback removes exactly that turn's messages of that session, inputs included", async () => {
      const store = await open();
      await store.archiveIncoming(incoming, { turnId: 't1', entry: 'opened' });
      await store.append('s1', [reply('t1 reply', 't1'), reply('t2 reply', 't2'), reply('loose')]);
      await store.append('s2', [reply('same turn id elsewhere', 't1')]);
      expect(await store.rollback('s1', 't1')).toBe(2);
      expect((await store.list('s1')).map((message) => message.content)).toEqual(['t2 reply', 'loose']);
      expect(await store.list('s2')).toHaveLength(1);
      expect(await store.rollback('s1', 'unknown')).toBe(0);
    });

    it('clear deletes the given sessions, or every session, and counts what it deleted', async () => {
      const store = await open();
      await store.append('s1', [reply('a'), reply('b')]);
      await store.append('s2', [reply('c')]);
      await store.append('s3', [reply('d')]);
      expect(await store.clear(['s1', 'unknown'])).toBe(2);
      expect(await store.list('s1')).toEqual([]);
      expect(await store.clear([])).toBe(0);
      expect(await store.clear(undefined)).toBe(2);
      expect(await store.list('s3')).toEqual([]);
    });

    it('[CLR-3] clearHistory, the memory:clear default action, clears some sessions or all of them', async () => {
      const store = await open();
      await store.append('s1', [reply('a')]);
      await store.append('s2', [reply('b')]);
      await store.clearHistory(['s1']);
      expect(await store.countHistory('s1')).toBe(0);
      expect(await store.countHistory('s2')).toBe(1);
      await store.clearHistory(undefined);
      expect(await store.countHistory('s2')).toBe(0);
    });
  });

  describe('history and counts', () => {
    const marker = (kind: string, turnId: string): MessageDraft => ({
      role: 'system',
      kind,
      content: kind === WellKnownKinds.TurnStopped ? '[系统] 上一轮回复已被停止，未完成。' : '',
      metadata: { [Keys.TurnId]: turnId },
    });

    it('[ARC-9] history leaves event markers out and keeps stop markers', async () => {
      const store = await open();
      await store.append('s1', [
        { role: 'user', content: 'q', metadata: { [Keys.TurnId]: 't1' } },
        marker(WellKnownKinds.TurnStopped, 't1'),
        marker(WellKnownKinds.EventMarker, 't1'),
        reply('a'),
      ]);
      expect((await store.history('s1')).map((message) => message.kind ?? message.content)).toEqual([
        'q',
        WellKnownKinds.TurnStopped,
        'a',
      ]);
    });

    it('[USG-5] countHistory counts conversation only, leaving control kinds out', async () => {
      const store = await open();
      await store.append('s1', [
        { role: 'user', content: 'q' },
        marker(WellKnownKinds.TurnStopped, 't1'),
        marker(WellKnownKinds.EventMarker, 't1'),
        { role: 'system', kind: 'plugin-note', content: 'counted' },
        reply('a'),
      ]);
      expect(await store.countHistory('s1')).toBe(3);
      expect(await store.countHistory('empty')).toBe(0);
    });

    it('[USG-6] history with a limit keeps the last conversation messages, never a tool result without its call', async () => {
      const store = await open();
      await store.append('s1', [
        { role: 'user', content: 'q1' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'x', arguments: '{}' }] },
        { role: 'tool', content: 'r1', toolCallId: 'c1' },
        marker(WellKnownKinds.TurnStopped, 't1'),
        marker(WellKnownKinds.EventMarker, 't1'),
        { role: 'user', content: 'q2' },
      ]);
      const contents = async (limit: number) =>
        (await store.history('s1', { limit })).map((message) => message.kind ?? message.content);
      expect(await contents(1)).toEqual(['q2']);
      expect(await contents(2)).toEqual([WellKnownKinds.TurnStopped, 'q2']);
      expect(await contents(3)).toEqual(['', 'r1', WellKnownKinds.TurnStopped, 'q2']);
      expect(await contents(0)).toEqual(['q1', '', 'r1', WellKnownKinds.TurnStopped, 'q2']);
      await expect(store.history('s1', { limit: 1.5 })).rejects.toThrow(TypeError);
    });

    it('reads the last messages of a long session across several pages', async () => {
      const store = await open();
      const drafts: MessageDraft[] = [];
      for (let index = 0; index < 300; index += 1) {
        drafts.push(index % 3 === 0 ? marker(WellKnownKinds.EventMarker, `t${index}`) : reply(`r${index}`));
      }
      await store.append('s1', drafts);
      const history = await store.history('s1', { limit: 150 });
      expect(history).toHaveLength(150);
      expect(history[0]?.content).toBe('r76');
      expect(history[149]?.content).toBe('r299');
    });
  });

  describe('text that is not well-formed UTF-16', () => {
    const texts = [
      'x\uD800y',
      '\uDC00',
      'ends in a high surrogate \uD83D',
      'paired \uD83D\uDE00 and lone \uDE00',
    ];

    it('keeps content with lone surrogates exactly, through append, get, list, history and timeline', async () => {
      const store = await open();
      const drafts = texts.map((content) => ({ ...reply(content, 't1'), role: 'user' as const }));
      const stored = await store.append('s1', drafts);
      expect(stored.map((message) => message.content)).toEqual(texts);
      expect((await store.list('s1')).map((message) => message.content)).toEqual(texts);
      expect((await store.history('s1')).map((message) => message.content)).toEqual(texts);
      expect((await store.get('m1'))?.content).toBe(texts[0]);
      const [turn] = (await store.timeline('s1')).items;
      expect(
        turn?.type === 'turn' &&
          turn.segments.map((segment) => segment.type === 'input' && segment.message.content),
      ).toEqual(texts);
    });

    it('keeps lone surrogates in an input, in metadata values and in tool call arguments', async () => {
      const store = await open();
      const input = await store.archiveIncoming({ ...incoming, content: 'q\uD800', nickname: 'n\uDC00' });
      const [call] = await store.append('s1', [
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c1', name: 'echo', arguments: '{"text":"\uD800"}' }],
          metadata: { 'plugin.note': 'a\uDBFFb', 'plugin.nested': { list: ['\uDC00'] } },
        },
      ]);
      await store.updateMetadata(call?.id ?? '', { 'plugin.later': 'z\uD83D' });
      expect((await store.get(input.id))?.content).toBe('q\uD800');
      expect((await store.get(input.id))?.metadata[Keys.Sender]?.nickname).toBe('n\uDC00');
      expect(await store.get(call?.id ?? '')).toMatchObject({
        toolCalls: [{ arguments: '{"text":"\uD800"}' }],
        metadata: {
          'plugin.note': 'a\uDBFFb',
          'plugin.nested': { list: ['\uDC00'] },
          'plugin.later': 'z\uD83D',
        },
      });
    });

    it('rejects ids with a lone surrogate as a TypeError naming the argument, storing nothing', async () => {
      const store = await open();
      const bad = 'x\uD800y';
      const wellFormed = /must be well-formed UTF-16 text/;
      await expect(store.append(bad, [reply('a')])).rejects.toThrow(
        /^sessionId must be well-formed UTF-16 text/,
      );
      await expect(store.archiveIncoming({ ...incoming, sessionId: '\uDC00' })).rejects.toThrow(
        /^message.sessionId must be well-formed/,
      );
      await expect(store.append('s1', [{ ...reply('a'), id: bad }])).rejects.toThrow(
        /^message id must be well-formed/,
      );
      await expect(store.append('s1', [{ ...reply('a'), id: 'm', kind: bad }])).rejects.toThrow(
        /kind must be well-formed/,
      );
      await expect(store.append('s1', [reply('a', bad)])).rejects.toThrow(
        /metadata.turnId must be well-formed/,
      );
      await expect(
        store.append('s1', [{ role: 'tool', content: 'r', toolCallId: 'c\uD83D' }]),
      ).rejects.toThrow(/toolCallId must be well-formed/);
      for (const call of [
        () => store.list(bad),
        () => store.list('s1', { before: bad }),
        () => store.history(bad),
        () => store.countHistory(bad),
        () => store.timeline(bad),
        () => store.get(bad),
        () => store.updateMetadata(bad, {}),
        () => store.rollback('s1', bad),
        () => store.clear([bad]),
      ]) {
        await expect(call()).rejects.toThrow(TypeError);
        await expect(call()).rejects.toThrow(wellFormed);
      }
      expect(await store.countHistory('s1')).toBe(0);
    });
  });

  describe('lifecycle', () => {
    it('rejects every call after close with ArchiveStorageError, and closing twice is harmless', async () => {
      const store = await open();
      await store.close();
      await store.close();
      await expect(store.list('s1')).rejects.toSatisfy(ArchiveStorageError.isInstance);
      await expect(store.append('s1', [reply('a')])).rejects.toMatchObject({
        code: 'ARCHIVE_STORAGE_FAILED',
      });
    });

    it('words a failed call as a read or a write: StorageOperationError names the operation and its access', async () => {
      const store = await open();
      await store.close();
      const reads = [
        ['list', store.list('s1')],
        ['get', store.get('m1')],
        ['history', store.history('s1')],
        ['countHistory', store.countHistory('s1')],
        ['timeline', store.timeline('s1')],
      ] as const;
      for (const [operation, read] of reads) {
        await expect(read).rejects.toSatisfy(StorageOperationError.isInstance);
        await expect(read).rejects.toMatchObject({
          operation,
          access: 'read',
          message: `${operation} failed (read): the store is closed`,
        });
      }
      const writes = [
        ['append', store.append('s1', [reply('a')])],
        ['archiveIncoming', store.archiveIncoming(incoming)],
        ['updateMetadata', store.updateMetadata('m1', {})],
        ['rollback', store.rollback('s1', 't1')],
        ['clear', store.clearHistory(undefined)],
      ] as const;
      for (const [operation, write] of writes) {
        await expect(write).rejects.toMatchObject({
          operation,
          access: 'write',
          message: `${operation} failed (write): the store is closed`,
        });
      }
    });
  });
}
