import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../tools/test-postgres/test-database';
import { classifyPostgresFailure } from './classify-postgres-failure';
import { withTransaction } from './with-transaction';

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

async function pool(): Promise<pg.Pool> {
  const made = new pg.Pool({ connectionString: await testDatabaseUrl(), max: 2 });
  made.on('error', () => undefined);
  pools.push(made);
  return made;
}

describe('withTransaction', () => {
  it('survives the server dropping its connection between two statements, and rejects with a connection failure', async () => {
    const shared = await pool();
    const admin = await pool();
    const failure = withTransaction(shared, async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Not events.once: it would listen to 'error' itself and hide a missing listener.
      const ended = new Promise((resolve) => client.once('end', resolve));
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]);
      await ended;
      await client.query('SELECT 1');
    }).catch((error: unknown) => error);
    expect(classifyPostgresFailure(await failure, 'append')?.name).toBe('DatabaseConnectionError');
    expect((await shared.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('rolls back what the work wrote when it throws', async () => {
    const shared = await pool();
    await expect(
      withTransaction(shared, async (inner) => {
        await inner.query('CREATE TABLE rolled_back_table (x int)');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const found = await shared.query("SELECT 1 FROM pg_tables WHERE tablename = 'rolled_back_table'");
    expect(found.rowCount).toBe(0);
  });
});
