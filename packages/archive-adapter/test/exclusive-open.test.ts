import { hostname } from 'node:os';
import { ArchiveStorageError } from '@aalis/api-message-archive';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, SqliteArchiveStore } from '../src/index';
import { type FixtureProcess, startFixture } from './fixture-process';
import { temporaryDatabasePath } from './store-factories';

const running: FixtureProcess[] = [];
afterEach(async () => {
  for (const fixture of running.splice(0)) {
    if (fixture.child.exitCode === null && fixture.child.signalCode === null) fixture.child.kill('SIGKILL');
    await fixture.ended;
  }
});

async function startHolder(path: string): Promise<{ holder: FixtureProcess; pid: number }> {
  const holder = startFixture('hold-database', [path]);
  running.push(holder);
  const line = await holder.line(/^holding \d+$/);
  return { holder, pid: Number(line.split(' ')[1]) };
}

function openFailure(open: () => unknown): unknown {
  try {
    open();
  } catch (error) {
    return error;
  }
  throw new Error('expected the open to fail');
}

describe('exclusive opening across processes', () => {
  it('[DUR-3] a second process gets DatabaseInUseError naming the holding pid and host, and the file once the holder closes', async () => {
    const path = temporaryDatabasePath();
    const { holder, pid } = await startHolder(path);

    const failure = openFailure(() => new SqliteArchiveStore({ path }));
    expect(DatabaseInUseError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      code: 'ARCHIVE_DATABASE_IN_USE',
      path,
      holder: { pid, hostname: hostname() },
    });
    expect((failure as Error).message).toContain(`${path} is in use by process ${pid} on host ${hostname()}`);
    expect((failure as Error).message).toMatch(
      /last heartbeat \d+\.\d s ago\)\. Stop that process, or use another database file/,
    );

    const reader = new SqliteArchiveStore({ path, exclusive: false });
    expect((await reader.list('held')).map((message) => message.content)).toEqual([`written by ${pid}`]);
    await reader.close();

    holder.send('close');
    await holder.line(/^closed$/);
    expect((await holder.ended).code).toBe(0);
    const next = new SqliteArchiveStore({ path });
    expect(next.holder?.pid).toBe(process.pid);
    await next.close();
  });

  it('[DUR-3] after the holder is killed with SIGKILL, the next open on this host takes the file over at once', async () => {
    const path = temporaryDatabasePath();
    const { holder, pid } = await startHolder(path);
    holder.child.kill('SIGKILL');
    expect((await holder.ended).signal).toBe('SIGKILL');

    const raw = new Database(path, { readonly: true });
    const left = raw.prepare('SELECT pid FROM database_holder').get();
    raw.close();
    expect(left, 'the killed holder left its row behind').toEqual({ pid });

    const store = new SqliteArchiveStore({ path });
    expect(store.holder?.pid).toBe(process.pid);
    expect((await store.list('held')).map((message) => message.content)).toEqual([`written by ${pid}`]);
    await store.close();
  });

  it("[DUR-3] the open waits for another connection's write lock within the busy timeout, and fails past it", async () => {
    const path = temporaryDatabasePath();
    await new SqliteArchiveStore({ path }).close();
    const locker = startFixture('hold-write-lock', [path]);
    running.push(locker);
    await locker.line(/^locked$/);

    const busy = openFailure(() => new SqliteArchiveStore({ path, busyTimeoutMs: 0 }));
    expect(ArchiveStorageError.isInstance(busy)).toBe(true);
    expect((busy as Error).message).toMatch(/cannot open the archive database .*: database is locked/);

    locker.send('release 300');
    const store = new SqliteArchiveStore({ path, busyTimeoutMs: 20_000 });
    const raw = new Database(path, { readonly: true });
    // The locker's transaction committed before the store got its lock.
    expect(raw.pragma('user_version', { simple: true })).toBe(7);
    raw.close();
    expect(store.holder?.pid).toBe(process.pid);
    await store.close();
  });
});
