import type { ArchiveStoreOptions } from '@aalis/archive-adapter';
import { ArchiveStoreBase, type StoreEngine } from '@aalis/archive-adapter/engine';
import { LeasedEngine, type LeaseLookup } from './leased-engine';
import { openOnPool } from './open-on-pool';
import type { PostgresConnectionOptions } from './postgres-connection-options';
import { PostgresEngine } from './postgres-engine';
import { postgresStatements } from './postgres-statements';
import { quoteSchema } from './quote-schema';
import type { SessionLease } from './session-lease';
import { sessionLeaseStatements } from './session-lease-statements';

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
  readonly #engine: PostgresEngine;
  readonly #options: ArchiveStoreOptions;

  /** `engine` serves this store; `base` is what `fenced` and `leased` views derive from. */
  private constructor(
    engine: StoreEngine,
    base: PostgresEngine,
    schema: string,
    options: ArchiveStoreOptions,
  ) {
    super(engine, options);
    this.schema = schema;
    this.#engine = base;
    this.#options = options;
  }

  /**
   * A view of this store whose writes carry `lease`'s fencing token ([DUR-3]): each write
   * (`archiveIncoming`, `append`, `updateMetadata`, `rollback`, `clear`) checks, in its own
   * transaction, that the lease is still the session's current one and holds the lease row
   * until it commits, so it lands before any takeover or not at all; once another process
   * acquired the session (or the lease was released) it rejects with `StaleLeaseError` and
   * writes nothing. The view writes only the lease's session (another is a `TypeError`; so is
   * `clear(undefined)`); reads are the store's. It shares the store's connections: closing it
   * does nothing, closing the store ends both. The lease must come from `SessionLeases` on the
   * same database and schema. Unfenced writes of the store itself work as before.
   */
  fenced(lease: SessionLease): PostgresArchiveStore {
    if (
      typeof lease !== 'object' ||
      lease === null ||
      typeof lease.sessionId !== 'string' ||
      typeof lease.owner !== 'string' ||
      !Number.isSafeInteger(lease.token)
    ) {
      throw new TypeError('fenced needs a lease from SessionLeases');
    }
    const fenced = this.#engine.fenced(lease);
    return new PostgresArchiveStore(fenced, fenced, this.schema, this.#options);
  }

  /**
   * A view of this store for a process that serves sessions under leases ([DUR-3]): every turn
   * write (`archiveIncoming`, `append`, `updateMetadata`, `rollback`) goes through the lease
   * `leases` holds of the written session at that moment, as `fenced(lease)` would, and is
   * refused with `SessionNotLeasedError` when it holds none, or `StaleLeaseError` once another
   * process took the session over. `clear` and `clearHistory` are not fenced: they are the
   * cleanup of clearing, which runs under the agent's hold, possibly on a process that serves
   * none of the sessions. Reads are the store's; closing the view does nothing.
   */
  leased(leases: LeaseLookup): PostgresArchiveStore {
    if (typeof leases?.leaseOf !== 'function')
      throw new TypeError('leased needs the SessionLeases of this process');
    const engine = new LeasedEngine(this.#engine, leases);
    return new PostgresArchiveStore(engine, this.#engine, this.schema, this.#options);
  }

  /**
   * Connects and, unless `migrate: false`, brings the schema to the newest version
   * (`migratePostgres`: concurrent openers wait for one another). Rejects with
   * `UnsupportedSchemaVersionError`, `DatabaseConnectionError` or `DatabaseTimeoutError`;
   * a pool it made is ended again then.
   */
  static async open(options: PostgresArchiveStoreOptions): Promise<PostgresArchiveStore> {
    return openOnPool(options, ({ pool, owned, schema }) => {
      const statements = postgresStatements(quoteSchema(schema));
      const fenceStatement = sessionLeaseStatements(quoteSchema(schema)).fence;
      const engine = new PostgresEngine({ pool, statements, ownsPool: owned, fenceStatement });
      return new PostgresArchiveStore(engine, engine, schema, options);
    });
  }
}
