import { InMemoryArchiveStore } from '@aalis/archive-adapter';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl, uniqueSchema } from '../../../tools/test-postgres/test-database';
import { apply, operationArbitrary, reads } from '../../archive-adapter/test/store-equivalence';
import { sequentialIds, steppingClock } from '../../archive-adapter/test/store-factories';
import { migratePostgres, PostgresArchiveStore } from '../src/index';

const schema = uniqueSchema('equivalence');
let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await testDatabaseUrl(), max: 2 });
  pool.on('error', () => undefined);
  await migratePostgres({ pool, schema });
});
afterAll(async () => {
  await pool?.end();
});

describe('store equivalence on PostgreSQL', () => {
  it('the PostgreSQL and in-memory stores give the same results for any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operationArbitrary, { maxLength: 25 }),
        fc.nat(6),
        async (operations, limit) => {
          const options = () => ({ now: steppingClock(), createId: sequentialIds() });
          const memory = new InMemoryArchiveStore(options());
          const postgres = await PostgresArchiveStore.open({ ...options(), pool, schema, migrate: false });
          await postgres.clear(undefined);
          try {
            for (const operation of operations) {
              expect(await apply(postgres, operation)).toEqual(await apply(memory, operation));
            }
            expect(await reads(postgres, limit)).toEqual(await reads(memory, limit));
          } finally {
            await memory.close();
            await postgres.close();
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
