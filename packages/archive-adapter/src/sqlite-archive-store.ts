import { ArchiveStoreBase } from './archive-store-base';
import type { DatabaseHolder } from './database-holder';
import { openFailure } from './open-failure';
import { type OpenedSqliteDatabase, openSqliteDatabase } from './open-sqlite-database';
import type { SqliteArchiveStoreOptions } from './sqlite-archive-store-options';
import type { SqliteDatabaseHold } from './sqlite-database-hold';
import { SqliteEngine } from './sqlite-engine';
import { resolveSqliteOpenSettings, type SqliteOpenSettings } from './sqlite-open-settings';

/**
 * An `ArchiveStore` in an SQLite database through better-sqlite3: write-ahead log, prepared
 * statements, one transaction per logical write (an appended tool-call group is whole or
 * absent after a crash, [ARC-1]), IMMEDIATE transactions for every write that reads first,
 * so concurrent writers wait rather than lose writes ([DUR-2]), versioned schema migrations
 * applied on open, ordering by an autoincrement sequence rather than by time, content kept
 * exactly (lone surrogates included).
 *
 * Opening a file checks it: `CorruptDatabaseError` for a damaged file (`quick_check`),
 * `ReadOnlyDatabaseError` for one this process cannot write, `UnsupportedSchemaVersionError`
 * for one written by a newer version, `DatabaseInUseError` when another live process holds
 * it ([DUR-3]; see `exclusive`), `ArchiveStorageError` when it cannot be opened at all.
 */
export class SqliteArchiveStore extends ArchiveStoreBase {
  /** The database file, or `':memory:'`. */
  readonly path: string;
  /** Whether this store holds the file alone (see `SqliteArchiveStoreOptions.exclusive`). */
  readonly exclusive: boolean;
  /** Whether the store was opened with `readonly: true`. */
  readonly readonly: boolean;
  readonly #hold: SqliteDatabaseHold | undefined;

  constructor(options: SqliteArchiveStoreOptions) {
    const settings = resolveSqliteOpenSettings(options);
    const opened = openSqliteDatabase(settings);
    super(createEngine(opened, settings), options);
    this.path = settings.path;
    this.exclusive = settings.exclusive;
    this.readonly = settings.readonly;
    this.#hold = opened.hold;
  }

  /**
   * This store's row in the file's holder table (`ownerId`, `pid`, `hostname`, `startedAt`,
   * the last `heartbeatAt`, `expiryMs`) while it is open exclusively; `undefined` otherwise.
   */
  get holder(): DatabaseHolder | undefined {
    return this.#hold?.holder;
  }
}

/** The engine over an opened database; if it cannot be made, the hold and the connection are released. */
function createEngine(opened: OpenedSqliteDatabase, settings: SqliteOpenSettings): SqliteEngine {
  const { database, hold } = opened;
  try {
    return new SqliteEngine({ database, path: settings.path, hold, readonly: settings.readonly });
  } catch (error) {
    hold?.release();
    database.close();
    throw openFailure(error, settings.path);
  }
}
