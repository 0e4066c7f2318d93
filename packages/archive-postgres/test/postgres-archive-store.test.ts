import { UnsupportedSchemaVersionError } from '@aalis/archive-adapter';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl, uniqueSchema } from '../../../tools/test-postgres/test-database';
import {
  DatabaseConnectionError,
  DatabaseTimeoutError,
  migratePostgres,
  POSTGRES_SCHEMA_VERSION,
  PostgresArchiveStore,
  type PostgresArchiveStoreOptions,
} from '../src/index';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function open(options: Partial<PostgresArchiveStoreOptions> = {}): Promise<PostgresArchiveStore> {
  const store = await PostgresArchiveStore.open({ connectionString: await testDatabaseUrl(), ...options });
  closers.push(() => store.close());
  return store;
}

async function pool(max: number, connectionTimeoutMillis = 5000): Promise<pg.Pool> {
  const made = new pg.Pool({ connectionString: await testDatabaseUrl(), max, connectionTimeoutMillis });
  made.on('error', () => undefined);
  closers.push(() => made.end());
  return made;
}

describe('migrations', () => {
  it('migrates a new schema once, explicitly or on open, and finds nothing to do the second time', async () => {
    const schema = uniqueSchema();
    const shared = await pool(2);
    expect(await migratePostgres({ pool: shared, schema })).toEqual({ from: 0, to: POSTGRES_SCHEMA_VERSION });
    expect(await migratePostgres({ pool: shared, schema })).toEqual({
      from: POSTGRES_SCHEMA_VERSION,
      to: POSTGRES_SCHEMA_VERSION,
    });
    const store = await open({ schema, migrate: false });
    expect(await store.append('s1', [{ role: 'user', content: 'x' }])).toHaveLength(1);
  });

  it('lets eight processes open a new schema at once: one migrates, the others wait and find it done', async () => {
    const schema = uniqueSchema();
    const stores = await Promise.all(Array.from({ length: 8 }, () => open({ schema, poolSize: 1 })));
    const shared = await pool(1);
    const versions = await shared.query(`SELECT version FROM "${schema}".schema_version`);
    expect(versions.rows).toEqual([{ version: POSTGRES_SCHEMA_VERSION }]);
    await Promise.all(
      stores.map((store, index) => store.append(`s${index}`, [{ role: 'user', content: 'x' }])),
    );
  });

  it('refuses a schema written by a newer version', async () => {
    const schema = uniqueSchema();
    const shared = await pool(1);
    await migratePostgres({ pool: shared, schema });
    await shared.query(`UPDATE "${schema}".schema_version SET version = 99`);
    await expect(open({ schema })).rejects.toSatisfy(UnsupportedSchemaVersionError.isInstance);
  });
});

describe('PostgresArchiveStore', () => {
  it('keeps text PostgreSQL cannot hold as text (NUL) exactly', async () => {
    const store = await open({ schema: uniqueSchema() });
    const [stored] = await store.append('s1', [
      { role: 'user', content: 'a\u0000b', metadata: { note: '\u0000' } },
    ]);
    expect((await store.get(stored?.id ?? ''))?.content).toBe('a\u0000b');
    expect((await store.get(stored?.id ?? ''))?.metadata).toEqual({ note: '\u0000' });
  });

  it('[DUR-2] loses no metadata write when two processes patch one message at once', async () => {
    const schema = uniqueSchema();
    const first = await open({ schema, poolSize: 4 });
    const second = await open({ schema, poolSize: 4 });
    const [message] = await first.append('s1', [
      { role: 'assistant', content: 'a', metadata: { [Keys.TurnId]: 't1' } },
    ]);
    const id = message?.id ?? '';
    await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        (index % 2 === 0 ? first : second).updateMetadata(id, { [`k${index}`]: index }),
      ),
    );
    expect(Object.keys((await second.get(id))?.metadata ?? {})).toHaveLength(61);
  });

  it('rejects with DatabaseTimeoutError (connection) when hung queries hold every connection, and works once they end', async () => {
    const shared = await pool(1, 300);
    const store = await open({ schema: uniqueSchema(), pool: shared });
    const hung = shared.query('SELECT pg_sleep(30)').catch((error: unknown) => error);
    const failure = store.append('s1', [{ role: 'user', content: 'x' }]);
    await expect(failure).rejects.toSatisfy(DatabaseTimeoutError.isInstance);
    await expect(failure).rejects.toMatchObject({ operation: 'append', kind: 'connection' });
    const admin = await pool(1);
    await admin.query(
      `SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)'`,
    );
    await hung;
    expect(await store.append('s1', [{ role: 'user', content: 'x' }])).toHaveLength(1);
  });

  it('rejects with DatabaseTimeoutError (statement) when a write waits past the statement timeout, keeping the row', async () => {
    const schema = uniqueSchema();
    const store = await open({ schema, statementTimeoutMs: 300 });
    const [message] = await store.append('s1', [{ role: 'user', content: 'x', metadata: { a: 1 } }]);
    const locker = await (await pool(1)).connect();
    closers.push(async () => locker.release());
    await locker.query('BEGIN');
    await locker.query(`SELECT 1 FROM "${schema}".messages WHERE id = $1 FOR UPDATE`, [message?.id]);
    await expect(store.updateMetadata(message?.id ?? '', { b: 2 })).rejects.toMatchObject({
      name: 'DatabaseTimeoutError',
      kind: 'statement',
      operation: 'updateMetadata',
    });
    await locker.query('ROLLBACK');
    expect((await store.get(message?.id ?? ''))?.metadata).toEqual({ a: 1 });
  });

  it('rejects with DatabaseConnectionError when no server listens', async () => {
    const failure = PostgresArchiveStore.open({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    await expect(failure).rejects.toSatisfy(DatabaseConnectionError.isInstance);
    await expect(failure).rejects.toMatchObject({ code: 'ARCHIVE_STORAGE_FAILED', operation: 'migrate' });
  });

  it('rejects options that do not fit as TypeErrors', async () => {
    await expect(open({ schema: 'has space' })).rejects.toThrow(TypeError);
    await expect(open({ poolSize: 0 })).rejects.toThrow(/poolSize/);
    await expect(PostgresArchiveStore.open({})).rejects.toThrow(/connectionString or a pool/);
  });
});
