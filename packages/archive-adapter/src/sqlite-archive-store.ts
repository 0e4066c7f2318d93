import { ArchiveStorageError } from '@aalis/api-message-archive';
import Database from 'better-sqlite3';
import type { ArchiveStoreOptions } from './archive-store';
import { ArchiveStoreBase } from './archive-store-base';
import { SqliteEngine } from './sqlite-engine';
import { migrateSqlite } from './sqlite-migrations';

/** Options of {@link SqliteArchiveStore}. */
export interface SqliteArchiveStoreOptions extends ArchiveStoreOptions {
  /** The database file (created when missing), or `':memory:'` for a private in-memory database. */
  readonly path: string;
  /**
   * SQLite's `synchronous` setting. `normal` (default) keeps every committed write through a
   * crash of the process; `full` also through a power loss, at the cost of a disk flush per
   * write.
   */
  readonly synchronous?: 'normal' | 'full';
  /** How long a write waits for another connection's lock, in milliseconds (default 5000). */
  readonly busyTimeoutMs?: number;
}

/**
 * An `ArchiveStore` in an SQLite database through better-sqlite3: write-ahead log, prepared
 * statements, one transaction per logical write (an appended tool-call group is whole or
 * absent after a crash, [ARC-1]), versioned schema migrations applied on open, ordering by
 * an autoincrement sequence rather than by time. Opening a file written by a newer version
 * throws `UnsupportedSchemaVersionError`; a file that cannot be opened throws
 * `ArchiveStorageError`.
 */
export class SqliteArchiveStore extends ArchiveStoreBase {
  /** The database file, or `':memory:'`. */
  readonly path: string;

  constructor(options: SqliteArchiveStoreOptions) {
    if (typeof options?.path !== 'string' || options.path === '') {
      throw new TypeError("path must be a database file path or ':memory:'");
    }
    super(new SqliteEngine(openDatabase(options)), options);
    this.path = options.path;
  }
}

function openDatabase(options: SqliteArchiveStoreOptions): Database.Database {
  let database: Database.Database | undefined;
  try {
    database = new Database(options.path);
    if (options.path !== ':memory:') database.pragma('journal_mode = WAL');
    database.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    database.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
    migrateSqlite(database);
    return database;
  } catch (error) {
    database?.close();
    if (ArchiveStorageError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ArchiveStorageError(`cannot open the archive database ${options.path}: ${reason}`, {
      cause: error,
    });
  }
}
