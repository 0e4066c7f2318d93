import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryArchiveStore, SqliteArchiveStore, selectHistory } from '../src/index';
import { apply, draftArbitrary, operationArbitrary, reads } from './store-equivalence';
import { sequentialIds, steppingClock } from './store-factories';

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
