import type pg from 'pg';
import { resolvePool } from './create-postgres-pool';
import { migratePostgres } from './migrate-postgres';
import type { PostgresConnectionOptions } from './postgres-connection-options';
import { quoteSchema } from './quote-schema';

/** What {@link openOnPool} hands the opener. Not public API. */
export interface OpenedPool {
  readonly pool: pg.Pool;
  /** Whether the pool was made here (and so is ended on close). */
  readonly owned: boolean;
  /** The schema, checked. */
  readonly schema: string;
}

/**
 * The opening every object of this package shares: checks the schema name (default `aalis`),
 * takes the caller's pool or makes one, migrates unless `migrate: false`, then runs `make`. A
 * pool made here is ended again when migrating or `make` fails. Not public API.
 */
export async function openOnPool<T>(
  options: PostgresConnectionOptions,
  make: (opened: OpenedPool) => T | Promise<T>,
): Promise<T> {
  const schema = options.schema ?? 'aalis';
  quoteSchema(schema);
  const { pool, owned } = resolvePool(options);
  try {
    if (options.migrate !== false) await migratePostgres({ pool, schema });
    return await make({ pool, owned, schema });
  } catch (error) {
    if (owned) await pool.end();
    throw error;
  }
}
