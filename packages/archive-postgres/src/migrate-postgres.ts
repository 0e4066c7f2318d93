import { UnsupportedSchemaVersionError } from '@aalis/archive-adapter';
import type { Pool } from 'pg';
import { classifyPostgresFailure } from './classify-postgres-failure';
import { POSTGRES_MIGRATIONS, type PostgresMigration } from './postgres-migrations';
import { quoteSchema } from './quote-schema';
import { withTransaction } from './with-transaction';

/** Options of {@link migratePostgres}. */
export interface MigratePostgresOptions {
  /** A node-postgres pool on the database. */
  readonly pool: Pool;
  /** The schema that holds the tables (created when missing). Default `'aalis'`. */
  readonly schema?: string;
}

/** What {@link migratePostgres} did. */
export interface MigrationResult {
  /** The schema version found (0 for a new schema). */
  readonly from: number;
  /** The schema version now. */
  readonly to: number;
}

/**
 * Brings the schema to the newest version, in one transaction that first takes a
 * transaction-level advisory lock keyed by the schema name (`pg_advisory_xact_lock`): when
 * several processes open the same database at once, one migrates and the others wait, then
 * find nothing to do. A step that fails rolls every step back. A schema written by a newer
 * version rejects with `UnsupportedSchemaVersionError`; a lost connection or a timeout with
 * `DatabaseConnectionError` or `DatabaseTimeoutError`. Stores and session managers call it on
 * open unless told not to (`migrate: false`); call it yourself to migrate ahead of a deploy.
 */
export async function migratePostgres(options: MigratePostgresOptions): Promise<MigrationResult> {
  return runMigrations(options, POSTGRES_MIGRATIONS);
}

/** `migratePostgres` with its own list of steps (for tests of the runner). Not public API. */
export async function runMigrations(
  options: MigratePostgresOptions,
  migrations: readonly PostgresMigration[],
): Promise<MigrationResult> {
  const schema = options.schema ?? 'aalis';
  const s = quoteSchema(schema);
  try {
    return await withTransaction(options.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `aalis:migrate:${schema}`,
      ]);
      const exists = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
      if (exists.rowCount === 0) await client.query(`CREATE SCHEMA ${s}`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${s}.schema_version (version integer NOT NULL)`);
      const found = await client.query<{ version: number | null }>(
        `SELECT max(version) AS version FROM ${s}.schema_version`,
      );
      const from = found.rows[0]?.version ?? 0;
      const newest = migrations.length;
      if (from > newest)
        throw new UnsupportedSchemaVersionError({ foundVersion: from, supportedVersion: newest });
      for (const migration of migrations) {
        if (migration.version <= from) continue;
        await client.query(migration.sql(s));
      }
      if (newest > from) {
        await client.query(`DELETE FROM ${s}.schema_version`);
        await client.query(`INSERT INTO ${s}.schema_version (version) VALUES ($1)`, [newest]);
      }
      return { from, to: Math.max(from, newest) };
    });
  } catch (error) {
    throw classifyPostgresFailure(error, 'migrate') ?? error;
  }
}
