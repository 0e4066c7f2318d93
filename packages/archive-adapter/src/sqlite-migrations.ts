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
];

/** The newest schema version this copy of the package writes. */
export const SQLITE_SCHEMA_VERSION = SQLITE_MIGRATIONS.length;

/**
 * Brings the database to the newest schema in one immediate transaction (so two processes
 * opening a new file do not both migrate), recording the version in `schema_version`.
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
      const row = database.prepare('SELECT max(version) AS version FROM schema_version').get() as
        | { version: number | null }
        | undefined;
      const current = row?.version ?? 0;
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
