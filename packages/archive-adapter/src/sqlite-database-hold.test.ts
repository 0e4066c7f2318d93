import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { temporaryDatabasePath } from '../test/store-factories';
import { DatabaseInUseError, SqliteArchiveStore, type SqliteArchiveStoreOptions } from './index';

const opened: SqliteArchiveStore[] = [];
const open = (options: SqliteArchiveStoreOptions) => {
  const store = new SqliteArchiveStore(options);
  opened.push(store);
  return store;
};
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

function failureOf(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function withRaw<T>(path: string, work: (database: Database.Database) => T): T {
  const database = new Database(path);
  try {
    return work(database);
  } finally {
    database.close();
  }
}

const holderRow = (path: string) =>
  withRaw(path, (database) => database.prepare('SELECT * FROM database_holder').all());

/** A file whose holder row says what `row` says, written by a raw connection. */
async function fileHeldBy(row: { pid: number; hostname: string; heartbeatAt: number; expiryMs?: number }) {
  const path = temporaryDatabasePath();
  await new SqliteArchiveStore({ path }).close();
  withRaw(path, (database) =>
    database
      .prepare(`INSERT INTO database_holder VALUES (1, 'other-owner', ?, ?, ?, ?, ?)`)
      .run(row.pid, row.hostname, row.heartbeatAt, row.heartbeatAt, row.expiryMs ?? 10_000),
  );
  return path;
}

function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (pid === undefined) throw new Error('could not start a process');
  return pid;
}

describe('SqliteArchiveStore holding its file', () => {
  it('[DUR-3] writes a holder row at open with owner id, pid, host and times, and deletes it on close', async () => {
    const path = temporaryDatabasePath();
    const store = new SqliteArchiveStore({ path });
    expect(store.exclusive).toBe(true);
    expect(store.holder).toMatchObject({ pid: process.pid, hostname: hostname(), expiryMs: 10_000 });
    expect(holderRow(path)).toEqual([
      expect.objectContaining({ owner_id: store.holder?.ownerId, pid: process.pid, hostname: hostname() }),
    ]);
    await store.close();
    expect(holderRow(path)).toEqual([]);
  });

  it('[DUR-3] refuses a second store on the same file in the same process, naming this pid', async () => {
    const path = temporaryDatabasePath();
    open({ path });
    const failure = failureOf(() => new SqliteArchiveStore({ path }));
    expect(DatabaseInUseError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ path, holder: { pid: process.pid } });
    expect((failure as DatabaseInUseError).heartbeatAgeMs).toBeGreaterThanOrEqual(0);
  });

  it('[DUR-3] takes over at once a file whose holder on this host has no process any more', async () => {
    const path = await fileHeldBy({ pid: deadPid(), hostname: hostname(), heartbeatAt: Date.now() });
    const store = open({ path });
    expect(holderRow(path)).toEqual([expect.objectContaining({ owner_id: store.holder?.ownerId })]);
  });

  it('[DUR-3] leaves a file to a holder on another host until its heartbeat expires', async () => {
    const fresh = await fileHeldBy({ pid: 1, hostname: 'other-host', heartbeatAt: Date.now() });
    const failure = failureOf(() => new SqliteArchiveStore({ path: fresh }));
    expect(failure).toMatchObject({
      code: 'ARCHIVE_DATABASE_IN_USE',
      holder: { pid: 1, hostname: 'other-host' },
    });
    expect((failure as Error).message).toContain('in use by process 1 on host other-host');

    const expired = await fileHeldBy({ pid: 1, hostname: 'other-host', heartbeatAt: Date.now() - 20_000 });
    expect(open({ path: expired }).holder?.pid).toBe(process.pid);
  });

  it("[DUR-3] judges a holder by the expiry it wrote, not by the opener's", async () => {
    const path = await fileHeldBy({
      pid: 1,
      hostname: 'other-host',
      heartbeatAt: Date.now() - 20_000,
      expiryMs: 60_000,
    });
    expect(
      failureOf(() => new SqliteArchiveStore({ path, holderExpiryMs: 1000, heartbeatIntervalMs: 100 })),
    ).toSatisfy(DatabaseInUseError.isInstance);
  });

  it('[DUR-3] refreshes its heartbeat every heartbeatIntervalMs', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const path = temporaryDatabasePath();
    const store = open({ path, heartbeatIntervalMs: 1000, holderExpiryMs: 3000 });
    const started = store.holder?.heartbeatAt ?? 0;
    vi.advanceTimersByTime(2500);
    expect(store.holder?.heartbeatAt).toBe(started + 2000);
    expect(holderRow(path)).toEqual([
      expect.objectContaining({ heartbeat_at: started + 2000, expiry_ms: 3000 }),
    ]);
  });

  it('[DUR-3] a store whose file was taken over refuses every write with DatabaseInUseError, and still reads', async () => {
    const path = temporaryDatabasePath();
    const store = open({ path });
    await store.append('s1', [{ id: 'm1', role: 'user', content: 'before' }]);
    withRaw(path, (database) =>
      database
        .prepare(
          "UPDATE database_holder SET owner_id = 'thief', pid = 4242, hostname = 'far', heartbeat_at = ?",
        )
        .run(Date.now()),
    );
    const writes = [
      store.append('s1', [{ role: 'user', content: 'one' }]),
      store.append('s1', [
        { role: 'user', content: 'two' },
        { role: 'user', content: 'three' },
      ]),
      store.updateMetadata('m1', { note: 1 }),
      store.rollback('s1', 't1'),
      store.clear(undefined),
    ];
    for (const write of writes) await expect(write).rejects.toSatisfy(DatabaseInUseError.isInstance);
    await expect(store.append('s1', [{ role: 'user', content: 'one' }])).rejects.toMatchObject({
      operation: 'append',
      holder: { pid: 4242, hostname: 'far' },
      message: expect.stringMatching(
        /^append failed \(write\): this store no longer holds the archive database .*; process 4242 on host far/,
      ),
    });
    expect((await store.list('s1')).map((message) => message.content)).toEqual(['before']);
    await store.close();
    expect(holderRow(path)).toEqual([expect.objectContaining({ owner_id: 'thief' })]);
  });

  it('opens without a hold with exclusive: false, beside a holder, and never holds :memory:', async () => {
    const path = temporaryDatabasePath();
    const holder = open({ path });
    await holder.append('s1', [{ role: 'user', content: 'shared' }]);
    const reader = open({ path, exclusive: false });
    expect(reader.exclusive).toBe(false);
    expect(reader.holder).toBeUndefined();
    expect((await reader.list('s1')).map((message) => message.content)).toEqual(['shared']);
    const memory = open({ path: ':memory:', exclusive: true });
    expect(memory.exclusive).toBe(false);
    expect(memory.holder).toBeUndefined();
  });

  it('rejects bad hold options as a TypeError', () => {
    const path = temporaryDatabasePath();
    expect(() => new SqliteArchiveStore({ path, heartbeatIntervalMs: 0 })).toThrow(TypeError);
    expect(() => new SqliteArchiveStore({ path, holderExpiryMs: Number.NaN })).toThrow(TypeError);
    expect(() => new SqliteArchiveStore({ path, heartbeatIntervalMs: 5000, holderExpiryMs: 5000 })).toThrow(
      /holderExpiryMs must be longer than heartbeatIntervalMs/,
    );
  });
});
