import { ArchiveStorageError } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDatabasePath } from '../test/store-factories';
import { CorruptRowError, SqliteArchiveStore, UnsupportedSchemaVersionError } from './index';

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
    expect(versions).toEqual([{ version: 1 }]);
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
    expect(failure).toMatchObject({ foundVersion: 99, supportedVersion: 1, code: 'ARCHIVE_STORAGE_FAILED' });
  });

  it('throws ArchiveStorageError when the file cannot be opened, and TypeError without a path', () => {
    expect(
      () => new SqliteArchiveStore({ path: temporaryDatabasePath().replace(/[^/]+$/, 'no/such/dir/x') }),
    ).toThrow(/cannot open the archive database/);
    expect(() => new SqliteArchiveStore({ path: '' })).toThrow(TypeError);
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
