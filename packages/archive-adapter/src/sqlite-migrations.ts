import type { Database } from 'better-sqlite3';
import { UnsupportedSchemaVersionError } from './unsupported-schema-version-error';

/** One step of the SQLite schema. Versions are consecutive from 1. Not public API. */
export interface SqliteMigration {
  readonly version: number;
  readonly sql: string;
}

/** The schema of the SQLite store, oldest step first. Only ever append. */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        session_id TEXT NOT NULL,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        tool_calls TEXT,
        tool_call_id TEXT,
        kind TEXT,
        metadata TEXT NOT NULL,
        turn_id TEXT,
        created_at REAL NOT NULL
      );
      CREATE INDEX messages_by_session ON messages (session_id, seq);
    `,
  },
  {
    // [DUR-3] The process holding the file: at most one row (slot 1).
    version: 2,
    sql: `
      CREATE TABLE database_holder (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        owner_id TEXT NOT NULL,
        pid INTEGER NOT NULL,
        hostname TEXT NOT NULL,
        started_at REAL NOT NULL,
        heartbeat_at REAL NOT NULL,
        expiry_ms REAL NOT NULL
      );
    `,
  },
];

/** The newest schema version this copy of the package writes. */
export const SQLITE_SCHEMA_VERSION = SQLITE_MIGRATIONS.length;

/**
 * The oldest schema version a `readonly: true` store reads without migrating: every later
 * step leaves the `messages` table as it is. Raise it with a step that changes `messages`.
 */
export const SQLITE_OLDEST_READABLE_VERSION = 1;

/** The version recorded in the file's `schema_version` table; 0 when there is none. Not public API. */
export function readSchemaVersion(database: Database): number {
  const table = database
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
    .get();
  if (table === undefined) return 0;
  const row = database.prepare('SELECT max(version) AS version FROM schema_version').get() as
    | { version: number | null }
    | undefined;
  return row?.version ?? 0;
}

/**
 * Brings the database to the newest schema in one immediate transaction (so two processes
 * opening a new file do not both migrate; inside the caller's transaction, a savepoint of
 * it), recording the version in `schema_version`.
 * A file from a newer version throws `UnsupportedSchemaVersionError`; a failing step leaves
 * the file as it was. Not public API.
 */
export function migrateSqlite(
  database: Database,
  migrations: readonly SqliteMigration[] = SQLITE_MIGRATIONS,
): void {
  const newest = migrations.length;
  database
    .transaction(() => {
      database.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
      const current = readSchemaVersion(database);
      if (current > newest) {
        throw new UnsupportedSchemaVersionError({ foundVersion: current, supportedVersion: newest });
      }
      for (const migration of migrations) {
        if (migration.version <= current) continue;
        database.exec(migration.sql);
        database.prepare('DELETE FROM schema_version').run();
        database.prepare('INSERT INTO schema_version (version) VALUES (?)').run(migration.version);
      }
    })
    .immediate();
}
