import pg from 'pg';
import type { PostgresConnectionOptions } from './postgres-connection-options';

/** A pool and whether the caller made it. Not public API. */
export interface ResolvedPool {
  readonly pool: pg.Pool;
  /** Whether this package made the pool (and so ends it on close). */
  readonly owned: boolean;
}

/**
 * The caller's pool, or a new one from the options. A new pool gets an `error` listener:
 * an idle connection the server dropped (a restart) is reported there, and without a listener
 * node-postgres would crash the process. The pool replaces such connections on the next call.
 * Not public API.
 */
export function resolvePool(options: PostgresConnectionOptions): ResolvedPool {
  if (options.pool !== undefined) return { pool: options.pool, owned: false };
  if (typeof options.connectionString !== 'string' || options.connectionString === '') {
    throw new TypeError('a PostgreSQL store needs a connectionString or a pool');
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: positiveInteger(options.poolSize ?? 10, 'poolSize'),
    connectionTimeoutMillis: positiveInteger(options.connectionTimeoutMs ?? 5000, 'connectionTimeoutMs'),
    idleTimeoutMillis: wholeNumber(options.idleTimeoutMs ?? 10_000, 'idleTimeoutMs'),
    statement_timeout: wholeNumber(options.statementTimeoutMs ?? 30_000, 'statementTimeoutMs'),
    query_timeout: wholeNumber(options.queryTimeoutMs ?? 60_000, 'queryTimeoutMs') || undefined,
    application_name: 'aalis',
  });
  pool.on('error', () => {
    // An idle connection broke; the pool drops it. The next call fails or reconnects on its own.
  });
  return { pool, owned: true };
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`${name} must be a whole number >= 1`);
  return value;
}

function wholeNumber(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`${name} must be a whole number >= 0`);
  return value;
}
