import { ArchiveStorageError } from '@aalis/api-message-archive';
import Database from 'better-sqlite3';
import { checkDatabaseIntegrity } from './check-database-integrity';
import { openFailure } from './open-failure';
import { SqliteDatabaseHold } from './sqlite-database-hold';
import {
  migrateSqlite,
  readSchemaVersion,
  SQLITE_OLDEST_READABLE_VERSION,
  SQLITE_SCHEMA_VERSION,
} from './sqlite-migrations';
import type { SqliteOpenSettings } from './sqlite-open-settings';
import { UnsupportedSchemaVersionError } from './unsupported-schema-version-error';

/** An open, checked database, and the store's hold on it when it was opened exclusively. */
export interface OpenedSqliteDatabase {
  readonly database: Database.Database;
  readonly hold: SqliteDatabaseHold | undefined;
}

/**
 * Opens the archive database: pragmas (busy timeout first, so every later step waits for a
 * lock rather than failing), `quick_check`, then in one IMMEDIATE transaction the migrations
 * and either the hold ([DUR-3]) or a write probe, so a file this process cannot write fails
 * now. A read-only store only checks that it can read the schema. Every failure closes the
 * connection and throws a typed error (see `openFailure`). Not public API.
 */
export function openSqliteDatabase(settings: SqliteOpenSettings): OpenedSqliteDatabase {
  let database: Database.Database | undefined;
  try {
    database = new Database(settings.path, settings.readonly ? { readonly: true, fileMustExist: true } : {});
    configure(database, settings);
    if (settings.quickCheck) checkDatabaseIntegrity(database, settings.path);
    const hold = settings.readonly
      ? checkReadableSchema(database, settings.path)
      : prepareForWrites(database, settings);
    hold?.startHeartbeat();
    return { database, hold };
  } catch (error) {
    database?.close();
    throw openFailure(error, settings.path);
  }
}

function configure(database: Database.Database, settings: SqliteOpenSettings): void {
  database.pragma(`busy_timeout = ${settings.busyTimeoutMs}`);
  if (settings.path !== ':memory:' && !settings.readonly) database.pragma('journal_mode = WAL');
  database.pragma(`synchronous = ${settings.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
}

function prepareForWrites(
  database: Database.Database,
  settings: SqliteOpenSettings,
): SqliteDatabaseHold | undefined {
  return database
    .transaction(() => {
      migrateSqlite(database);
      if (settings.exclusive) {
        return SqliteDatabaseHold.claim({
          database,
          path: settings.path,
          heartbeatIntervalMs: settings.heartbeatIntervalMs,
          expiryMs: settings.holderExpiryMs,
        });
      }
      // Rewrites one row unchanged: SQLite opens a write-protected file read-only without a
      // word, and only a real write says so.
      database.prepare('UPDATE schema_version SET version = version').run();
      return undefined;
    })
    .immediate();
}

function checkReadableSchema(database: Database.Database, path: string): undefined {
  const version = readSchemaVersion(database);
  if (version > SQLITE_SCHEMA_VERSION) {
    throw new UnsupportedSchemaVersionError({
      foundVersion: version,
      supportedVersion: SQLITE_SCHEMA_VERSION,
    });
  }
  if (version < SQLITE_OLDEST_READABLE_VERSION) {
    throw new ArchiveStorageError(
      `cannot open the archive database ${path}: it holds no archive (no schema version)`,
    );
  }
  return undefined;
}
