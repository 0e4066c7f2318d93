import type { Pool } from 'pg';

/** How a store or session manager reaches PostgreSQL: a URL and pool settings, or your own pool. */
export interface PostgresConnectionOptions {
  /** `postgres://user:password@host:5432/database`; ignored when `pool` is given. */
  readonly connectionString?: string;
  /**
   * A node-postgres pool you made and end yourself (its settings are yours; attach an
   * `error` listener to it). Without it, a pool is made from the options below and ended by
   * `close()`.
   */
  readonly pool?: Pool;
  /** The schema holding the tables, created when missing. Default `'aalis'`. */
  readonly schema?: string;
  /** Run `migratePostgres` on open. Default `true`; `false` expects the schema migrated already. */
  readonly migrate?: boolean;
  /** Connections the pool opens at most. Default `10`. */
  readonly poolSize?: number;
  /** How long a call waits for a free connection before `DatabaseTimeoutError` (`'connection'`). Default `5000`. */
  readonly connectionTimeoutMs?: number;
  /** The server cancels a statement running longer (`DatabaseTimeoutError`, `'statement'`). Default `30000`; `0`: never. */
  readonly statementTimeoutMs?: number;
  /** The client gives up on an answer after this long (`DatabaseTimeoutError`, `'query'`). Default `60000`; `0`: never. */
  readonly queryTimeoutMs?: number;
  /** How long an idle connection stays in the pool. Default `10000`. */
  readonly idleTimeoutMs?: number;
}
