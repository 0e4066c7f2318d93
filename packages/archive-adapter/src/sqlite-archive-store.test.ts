import { ArchiveStorageError } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDatabasePath } from '../test/store-factories';
import {
  CorruptRowError,
  SqliteArchiveStore,
  StorageOperationError,
  UnsupportedSchemaVersionError,
} from './index';
import { SQLITE_SCHEMA_VERSION } from './sqlite-migrations';

const opened: SqliteArchiveStore[] = [];
const open = (path: string, options: { synchronous?: 'normal' | 'full' } = {}) => {
  const store = new SqliteArchiveStore({ path, ...options });
  opened.push(store);
  return store;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

/** A second, raw connection to the same file, as another process or a broken tool would use. */
function withRawConnection<T>(path: string, work: (database: Database.Database) => T): T {
  const database = new Database(path);
  try {
    return work(database);
  } finally {
    database.close();
  }
}

describe('SqliteArchiveStore', () => {
  it('uses the write-ahead log and keeps what was written across reopening the file', async () => {
    const path = temporaryDatabasePath();
    const first = open(path);
    await first.append('s1', [{ role: 'user', content: 'kept', metadata: { [Keys.TurnId]: 't1' } }]);
    await first.close();
    const second = open(path);
    expect((await second.list('s1')).map((message) => message.content)).toEqual(['kept']);
    expect(withRawConnection(path, (database) => database.pragma('journal_mode', { simple: true }))).toBe(
      'wal',
    );
  });

  it('records the schema version and applies each migration once, in order', async () => {
    const path = temporaryDatabasePath();
    await open(path).close();
    await open(path, { synchronous: 'full' }).close();
    const versions = withRawConnection(path, (database) =>
      database.prepare('SELECT version FROM schema_version').all(),
    );
    expect(versions).toEqual([{ version: SQLITE_SCHEMA_VERSION }]);
  });

  it('refuses a file written by a newer schema version with UnsupportedSchemaVersionError', async () => {
    const path = temporaryDatabasePath();
    await open(path).close();
    withRawConnection(path, (database) => database.exec('UPDATE schema_version SET version = 99'));
    let failure: unknown;
    try {
      open(path);
    } catch (error) {
      failure = error;
    }
    expect(UnsupportedSchemaVersionError.isInstance(failure)).toBe(true);
    expect(ArchiveStorageError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      foundVersion: 99,
      supportedVersion: SQLITE_SCHEMA_VERSION,
      code: 'ARCHIVE_STORAGE_FAILED',
    });
  });

  it('throws ArchiveStorageError when the file cannot be opened, and TypeError without a path', () => {
    expect(
      () => new SqliteArchiveStore({ path: temporaryDatabasePath().replace(/[^/]+$/, 'no/such/dir/x') }),
    ).toThrow(/cannot open the archive database/);
    expect(() => new SqliteArchiveStore({ path: '' })).toThrow(TypeError);
  });

  it('keeps well-formed content as TEXT and content with a lone surrogate as a BLOB of UTF-16LE code units', async () => {
    const path = temporaryDatabasePath();
    const store = open(path);
    await store.append('s1', [
      { id: 'plain', role: 'user', content: 'héllo \uD83D\uDE00' },
      { id: 'lone', role: 'user', content: 'x\uD800y' },
    ]);
    const rows = withRawConnection(path, (database) =>
      database.prepare('SELECT id, typeof(content) AS type, content FROM messages ORDER BY seq').all(),
    );
    expect(rows).toEqual([
      { id: 'plain', type: 'text', content: 'héllo \uD83D\uDE00' },
      { id: 'lone', type: 'blob', content: Buffer.from([0x78, 0, 0x00, 0xd8, 0x79, 0]) },
    ]);
  });

  it('a blob of odd length in the content column is a corrupt row', async () => {
    const path = temporaryDatabasePath();
    const store = open(path);
    await store.append('s1', [{ id: 'm1', role: 'user', content: 'x\uD800' }]);
    withRawConnection(path, (database) => database.prepare("UPDATE messages SET content = x'414243'").run());
    await expect(store.get('m1')).rejects.toThrow(
      /corrupt row 1 in table messages \(message m1\): content: blob/,
    );
  });

  it('a storage failure of a read or a write names the operation and says read or write', async () => {
    const path = temporaryDatabasePath();
    const store = open(path);
    await store.append('s1', [{ id: 'm1', role: 'user', content: 'a' }]);
    withRawConnection(path, (database) => database.exec('DROP TABLE messages'));
    const read = store.history('s1');
    await expect(read).rejects.toSatisfy(StorageOperationError.isInstance);
    await expect(read).rejects.toMatchObject({
      operation: 'history',
      access: 'read',
      code: 'ARCHIVE_STORAGE_FAILED',
      message: 'history failed (read): no such table: messages',
    });
    await expect(store.countHistory('s1')).rejects.toThrow(/^countHistory failed \(read\): /);
    await expect(store.append('s1', [{ role: 'user', content: 'b' }])).rejects.toMatchObject({
      operation: 'append',
      access: 'write',
      message: 'append failed (write): no such table: messages',
    });
    await expect(store.updateMetadata('m1', { a: 1 })).rejects.toThrow(/^updateMetadata failed \(write\): /);
  });

  describe('corrupt rows', () => {
    const corrupt = async (sql: string) => {
      const path = temporaryDatabasePath();
      const store = open(path);
      await store.append('s1', [
        { id: 'good', role: 'user', content: 'fine' },
        { id: 'bad', role: 'assistant', content: 'x' },
      ]);
      await store.append('s2', [{ id: 'other', role: 'user', content: 'unaffected' }]);
      withRawConnection(path, (database) => database.prepare(sql).run());
      return store;
    };

    it('a metadata column that is not JSON rejects the read with CorruptRowError naming table and row', async () => {
      const store = await corrupt("UPDATE messages SET metadata = '{not json' WHERE id = 'bad'");
      const failure = store.list('s1');
      await expect(failure).rejects.toSatisfy(CorruptRowError.isInstance);
      await expect(failure).rejects.toMatchObject({ table: 'messages', rowId: 2, messageId: 'bad' });
      await expect(store.get('bad')).rejects.toThrow(
        /corrupt row 2 in table messages \(message bad\): metadata/,
      );
      expect(await store.get('good')).toMatchObject({ content: 'fine' });
      expect(await store.list('s2')).toHaveLength(1);
    });

    it('a registered metadata key with a wrong value is a corrupt row', async () => {
      const store = await corrupt(
        `UPDATE messages SET metadata = '{"${Keys.TurnEntry}":"sideways"}' WHERE id = 'bad'`,
      );
      await expect(store.history('s1')).rejects.toThrow(/turnEntry/);
      await expect(store.updateMetadata('bad', { a: 1 })).rejects.toSatisfy(CorruptRowError.isInstance);
    });

    it('a column of the wrong type or an unknown role is a corrupt row', async () => {
      const store = await corrupt(
        "UPDATE messages SET role = 'robot', tool_calls = '[{\"id\":1}]' WHERE id = 'bad'",
      );
      await expect(store.timeline('s1')).rejects.toSatisfy(CorruptRowError.isInstance);
    });
  });
});
