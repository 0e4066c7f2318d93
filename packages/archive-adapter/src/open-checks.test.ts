import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArchiveStorageError } from '@aalis/api-message-archive';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startFixture } from '../test/fixture-process';
import { temporaryDatabasePath } from '../test/store-factories';
import {
  CorruptDatabaseError,
  ReadOnlyDatabaseError,
  SqliteArchiveStore,
  type SqliteArchiveStoreOptions,
  StorageOperationError,
  UnsupportedSchemaVersionError,
} from './index';

const opened: SqliteArchiveStore[] = [];
const open = (options: SqliteArchiveStoreOptions) => {
  const store = new SqliteArchiveStore(options);
  opened.push(store);
  return store;
};
afterEach(async () => {
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

/** A closed database file holding `count` messages of about 1 KB in session `s1`. */
async function filledDatabase(count: number): Promise<string> {
  const path = temporaryDatabasePath();
  const store = new SqliteArchiveStore({ path });
  const drafts = Array.from({ length: count }, (_, index) => ({
    role: 'user' as const,
    content: `${index} ${'x'.repeat(1000)}`,
  }));
  await store.append('s1', drafts);
  await store.close();
  return path;
}

/** A leaf page of the messages table in the middle of the file (1-based page number). */
function middleMessagePage(path: string): number {
  const database = new Database(path, { readonly: true });
  const row = database
    .prepare(
      "SELECT pageno FROM dbstat WHERE name = 'messages' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 20",
    )
    .get() as { pageno: number };
  database.close();
  return row.pageno;
}

/** Overwrites page `page` (1-based, 4096 bytes) of the file with bytes that are no b-tree page. */
function damagePage(path: string, page: number): void {
  const file = openSync(path, 'r+');
  writeSync(file, Buffer.alloc(4096, 0xa5), 0, 4096, (page - 1) * 4096);
  closeSync(file);
}

describe('opening a damaged file', () => {
  it('a file of garbage bytes throws CorruptDatabaseError naming it and saying what to do, and is left as it was', () => {
    const path = temporaryDatabasePath();
    const garbage = Buffer.alloc(8192, 7);
    writeFileSync(path, garbage);
    const failure = failureOf(() => new SqliteArchiveStore({ path }));
    expect(CorruptDatabaseError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      code: 'ARCHIVE_DATABASE_CORRUPT',
      path,
      problems: ['file is not a database'],
    });
    expect((failure as Error).message).toBe(
      `the archive database ${path} is damaged or not an SQLite database (file is not a database). ` +
        'Restore it from a backup, or move it and its -wal and -shm files away to start with an empty history.',
    );
    expect(readFileSync(path).equals(garbage)).toBe(true);
  });

  it('a truncated file throws CorruptDatabaseError', async () => {
    const path = await filledDatabase(300);
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(failureOf(() => new SqliteArchiveStore({ path }))).toSatisfy(CorruptDatabaseError.isInstance);
  });

  it('a problem quick_check reports (a page no table uses) throws CorruptDatabaseError listing it', async () => {
    const path = await filledDatabase(50);
    const file = readFileSync(path);
    file.writeUInt32BE(file.readUInt32BE(28) + 1, 28); // the header's page count
    writeFileSync(path, Buffer.concat([file, Buffer.alloc(4096)]));
    const failure = failureOf(() => new SqliteArchiveStore({ path }));
    expect(CorruptDatabaseError.isInstance(failure)).toBe(true);
    expect((failure as CorruptDatabaseError).problems).toEqual([
      expect.stringMatching(/Page \d+: never used/),
    ]);
    expect(open({ path, quickCheck: false }).path).toBe(path);
  });

  it('a damaged page deep in the file is found by quick_check at open; without it, the read fails later and says it was a read', async () => {
    const path = await filledDatabase(300);
    damagePage(path, middleMessagePage(path));
    const failure = failureOf(() => new SqliteArchiveStore({ path }));
    expect(CorruptDatabaseError.isInstance(failure)).toBe(true);
    expect((failure as CorruptDatabaseError).problems.length).toBeGreaterThan(0);

    const unchecked = open({ path, quickCheck: false });
    const read = unchecked.list('s1');
    await expect(read).rejects.toSatisfy(StorageOperationError.isInstance);
    await expect(read).rejects.toMatchObject({
      operation: 'list',
      access: 'read',
      message: 'list failed (read): database disk image is malformed',
    });
  });
});

describe('opening a file this process cannot write', () => {
  const root = mkdtempSync(join(tmpdir(), 'archive-adapter-readonly-'));
  chmodSync(root, 0o755);
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });
  let count = 0;

  /** A closed archive file with one message, in a fresh directory every user may enter. */
  async function databaseIn(directoryMode: number, fileMode: number): Promise<string> {
    count += 1;
    const directory = join(root, `d${count}`);
    mkdirSync(directory);
    const path = join(directory, 'history.sqlite');
    const store = new SqliteArchiveStore({ path });
    await store.append('s1', [{ role: 'user', content: 'kept' }]);
    await store.close();
    chmodSync(path, fileMode);
    chmodSync(directory, directoryMode);
    return path;
  }

  /**
   * Opens `path` in another process, which tries a read and a write. As root, whom file
   * modes do not stop, that process runs as the unprivileged user 65534 ("nobody").
   */
  async function openElsewhere(path: string, options: object = {}): Promise<Record<string, unknown>> {
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    const child = startFixture('open-store', [path, JSON.stringify(options)], user ? { user } : {});
    const line = await child.line(/^\{/);
    await child.ended;
    return JSON.parse(line) as Record<string, unknown>;
  }

  it('a write-protected file throws ReadOnlyDatabaseError naming it, unless readonly: true was asked for', {
    timeout: 20_000,
  }, async () => {
    const path = await databaseIn(0o777, 0o444);
    const result = await openElsewhere(path);
    expect(result.opened).toMatchObject({
      name: 'ReadOnlyDatabaseError',
      code: 'ARCHIVE_DATABASE_READ_ONLY',
      message: expect.stringContaining(`the archive database ${path} is read-only for this process`),
    });
    expect(await openElsewhere(path, { readonly: true })).toEqual({
      opened: 'ok',
      read: 'ok',
      write: {
        name: 'ReadOnlyDatabaseError',
        code: 'ARCHIVE_DATABASE_READ_ONLY',
        message: `append failed (write): the archive database ${path} is read-only (the store was opened with readonly: true)`,
      },
    });
  });

  it('a writable file in a write-protected directory (no room for the -wal and -shm files) throws ReadOnlyDatabaseError', {
    timeout: 20_000,
  }, async () => {
    const path = await databaseIn(0o555, 0o666);
    expect((await openElsewhere(path)).opened).toMatchObject({ code: 'ARCHIVE_DATABASE_READ_ONLY' });
  });
});

describe('readonly: true', () => {
  it('reads a file and refuses every write with ReadOnlyDatabaseError, without holding the file', async () => {
    const path = temporaryDatabasePath();
    const writer = open({ path });
    await writer.append('s1', [{ id: 'm1', role: 'user', content: 'kept', metadata: { turnId: 't1' } }]);
    const reader = open({ path, readonly: true });
    expect(reader).toMatchObject({ readonly: true, exclusive: false, holder: undefined });
    expect((await reader.history('s1')).map((message) => message.content)).toEqual(['kept']);
    const writes = [
      reader.append('s1', [{ role: 'user', content: 'x' }]),
      reader.archiveIncoming({ content: 'x', sessionId: 's1', platform: 'cli', userId: 'u' }),
      reader.updateMetadata('m1', { note: 1 }),
      reader.rollback('s1', 't1'),
      reader.clear(['s1']),
    ];
    for (const write of writes) {
      await expect(write).rejects.toSatisfy(ReadOnlyDatabaseError.isInstance);
    }
    await expect(reader.updateMetadata('m1', { note: 1 })).rejects.toMatchObject({
      operation: 'updateMetadata',
      requested: true,
    });
    expect(await reader.countHistory('s1')).toBe(1);
  });

  it('needs an existing archive file of a version it can read', async () => {
    expect(
      failureOf(() => new SqliteArchiveStore({ path: temporaryDatabasePath(), readonly: true })),
    ).toSatisfy(ArchiveStorageError.isInstance);
    const path = temporaryDatabasePath();
    await new SqliteArchiveStore({ path }).close();
    const raw = new SqliteArchiveStore({ path, exclusive: false });
    await raw.close();
    const database = new Database(path);
    database.exec('UPDATE schema_version SET version = 99');
    database.close();
    expect(failureOf(() => new SqliteArchiveStore({ path, readonly: true }))).toSatisfy(
      UnsupportedSchemaVersionError.isInstance,
    );
  });

  it('cannot be combined with exclusive: true or :memory: (TypeError)', () => {
    expect(() => new SqliteArchiveStore({ path: ':memory:', readonly: true })).toThrow(TypeError);
    expect(
      () => new SqliteArchiveStore({ path: temporaryDatabasePath(), readonly: true, exclusive: true }),
    ).toThrow(TypeError);
  });
});
