import type { ArchiveStoreOptions } from '@aalis/archive-adapter';
import { ArchiveStoreBase } from '@aalis/archive-adapter/engine';
import { resolvePool } from './create-postgres-pool';
import { migratePostgres } from './migrate-postgres';
import type { PostgresConnectionOptions } from './postgres-connection-options';
import { PostgresEngine } from './postgres-engine';
import { postgresStatements } from './postgres-statements';
import { quoteSchema } from './quote-schema';

/** Options of {@link PostgresArchiveStore.open}. */
export interface PostgresArchiveStoreOptions extends PostgresConnectionOptions, ArchiveStoreOptions {}

/**
 * An `ArchiveStore` in PostgreSQL through node-postgres, with the same behaviour as the
 * in-memory and SQLite stores of `@aalis/archive-adapter` (the same suite runs against all
 * three): one transaction per logical write (a tool-call group is whole or absent, [ARC-1]),
 * row locks for the one write that reads first ([DUR-2]), parameterised SQL only, content
 * kept exactly, ordering by an identity sequence. Several processes may share one database.
 *
 * Failures are typed: `DatabaseConnectionError` when the server cannot be reached or the
 * connection broke, `DatabaseTimeoutError` when the pool is exhausted or a statement ran too
 * long; both are `ArchiveStorageError`s, and the store works again once the server answers.
 */
export class PostgresArchiveStore extends ArchiveStoreBase {
  /** The schema that holds the tables. */
  readonly schema: string;

  private constructor(engine: PostgresEngine, schema: string, options: ArchiveStoreOptions) {
    super(engine, options);
    this.schema = schema;
  }

  /**
   * Connects and, unless `migrate: false`, brings the schema to the newest version
   * (`migratePostgres`: concurrent openers wait for one another). Rejects with
   * `UnsupportedSchemaVersionError`, `DatabaseConnectionError` or `DatabaseTimeoutError`;
   * a pool it made is ended again then.
   */
  static async open(options: PostgresArchiveStoreOptions): Promise<PostgresArchiveStore> {
    const schema = options.schema ?? 'aalis';
    const statements = postgresStatements(quoteSchema(schema));
    const { pool, owned } = resolvePool(options);
    try {
      if (options.migrate !== false) await migratePostgres({ pool, schema });
    } catch (error) {
      if (owned) await pool.end();
      throw error;
    }
    const engine = new PostgresEngine({ pool, statements, ownsPool: owned });
    return new PostgresArchiveStore(engine, schema, options);
  }
}
