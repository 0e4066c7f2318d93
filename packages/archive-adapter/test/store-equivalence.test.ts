import type { MessageDraft } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ArchiveStore, InMemoryArchiveStore, SqliteArchiveStore, selectHistory } from '../src/index';
import { sequentialIds, steppingClock } from './store-factories';

const sessions = ['s1', 's2'] as const;
const turns = ['t1', 't2', 't3'] as const;

const draftArbitrary: fc.Arbitrary<readonly MessageDraft[]> = fc.oneof(
  fc.constantFrom(...turns).map((turnId) => [
    {
      role: 'user' as const,
      content: 'q',
      metadata: { [Keys.TurnId]: turnId, [Keys.TurnEntry]: 'opened' as const },
    },
  ]),
  fc.constantFrom(...turns).map((turnId) => [
    {
      role: 'assistant' as const,
      content: '',
      toolCalls: [{ id: 'c', name: 'x', arguments: '{}' }],
      metadata: { [Keys.TurnId]: turnId },
    },
    {
      role: 'tool' as const,
      content: 'r',
      toolCallId: 'c',
      metadata: { [Keys.TurnId]: turnId, [Keys.CallId]: `k-${turnId}` },
    },
  ]),
  fc
    .constantFrom(...turns)
    .map((turnId) => [{ role: 'assistant' as const, content: 'a', metadata: { [Keys.TurnId]: turnId } }]),
  fc
    .constantFrom(WellKnownKinds.EventMarker, WellKnownKinds.TurnStopped)
    .map((kind) => [{ role: 'system' as const, kind, content: '', metadata: { [Keys.TurnId]: 't1' } }]),
  fc.constant([{ role: 'user' as const, content: 'released' }]),
);

type Operation =
  | { readonly type: 'append'; readonly sessionId: string; readonly drafts: readonly MessageDraft[] }
  | { readonly type: 'rollback'; readonly sessionId: string; readonly turnId: string }
  | { readonly type: 'record'; readonly messageId: string }
  | { readonly type: 'clear'; readonly sessionId: string };

const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('append' as const),
      sessionId: fc.constantFrom(...sessions),
      drafts: draftArbitrary,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('rollback' as const),
      sessionId: fc.constantFrom(...sessions),
      turnId: fc.constantFrom(...turns),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('record' as const),
      messageId: fc.integer({ min: 1, max: 30 }).map((n) => `m${n}`),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('clear' as const), sessionId: fc.constantFrom(...sessions) }),
  },
);

async function outcome(work: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await work() };
  } catch (error) {
    return { error: (error as { code?: string }).code ?? (error as Error).name };
  }
}

async function apply(store: ArchiveStore, operation: Operation): Promise<unknown> {
  switch (operation.type) {
    case 'append':
      return outcome(() => store.append(operation.sessionId, operation.drafts));
    case 'rollback':
      return outcome(() => store.rollback(operation.sessionId, operation.turnId));
    case 'record':
      return outcome(() =>
        store.updateMetadata(operation.messageId, { [Keys.TurnRecord]: { outcome: 'silent' } }),
      );
    case 'clear':
      return outcome(() => store.clear([operation.sessionId]));
  }
}

async function reads(store: ArchiveStore, limit: number) {
  const result: unknown[] = [];
  for (const sessionId of sessions) {
    result.push(
      await store.list(sessionId),
      await store.history(sessionId, { limit }),
      await store.countHistory(sessionId),
      await store.timeline(sessionId),
    );
  }
  return result;
}

describe('store equivalence', () => {
  it('the in-memory and SQLite stores give the same results for any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operationArbitrary, { maxLength: 25 }),
        fc.nat(6),
        async (operations, limit) => {
          const options = () => ({ now: steppingClock(), createId: sequentialIds() });
          const memory = new InMemoryArchiveStore(options());
          const sqlite = new SqliteArchiveStore({ ...options(), path: ':memory:' });
          try {
            for (const operation of operations) {
              expect(await apply(sqlite, operation)).toEqual(await apply(memory, operation));
            }
            expect(await reads(sqlite, limit)).toEqual(await reads(memory, limit));
          } finally {
            await memory.close();
            await sqlite.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('[USG-6] history with a limit equals selectHistory over the full list, for any session', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(draftArbitrary, { maxLength: 40 }), fc.nat(12), async (groups, limit) => {
        const store = new SqliteArchiveStore({ path: ':memory:' });
        try {
          for (const drafts of groups) await store.append('s1', drafts);
          expect(await store.history('s1', { limit })).toEqual(
            selectHistory(await store.list('s1'), { limit }),
          );
        } finally {
          await store.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
