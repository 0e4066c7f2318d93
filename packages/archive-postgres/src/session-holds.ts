import type pg from 'pg';
import { InFlightStatements } from './in-flight-statements';
import { openOnPool } from './open-on-pool';
import type { PostgresConnectionOptions } from './postgres-connection-options';
import { quoteSchema } from './quote-schema';
import { type SessionHoldStatements, sessionHoldStatements } from './session-hold-statements';
import { withClassifiedFailure } from './with-classified-failure';

/** A clearing hold in force. */
export interface SessionHold {
  readonly id: string;
  /** The sessions held; `undefined`: every session. */
  readonly sessionIds: readonly string[] | undefined;
  /** The owner id of the process that holds it. */
  readonly holder: string;
  /**
   * The id of the last inbox input when the hold was put: inputs up to it were queued before
   * the clearing (released by it, [CLR-1]); later ones arrived during it (they wait, [CLR-2]).
   */
  readonly inputsBefore: string;
}

/**
 * Clearing holds across processes ([CLR-2], [CLR-3]): while a process clears sessions (or all
 * of them), a hold row tells every process serving them to stop their turns and keep new
 * inputs waiting. A hold lasts `ttlMs` from its creation or last renewal by the server's clock,
 * so the hold of a process that died ends on its own. Database failures are
 * `DatabaseConnectionError` or `DatabaseTimeoutError`.
 */
export class SessionHolds {
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #sql: SessionHoldStatements;
  readonly #inFlight = new InFlightStatements();

  private constructor(pool: pg.Pool, ownsPool: boolean, schema: string) {
    this.#pool = pool;
    this.#ownsPool = ownsPool;
    this.#sql = sessionHoldStatements(quoteSchema(schema));
  }

  /** Connects and, unless `migrate: false`, brings the schema to the newest version. */
  static async open(options: PostgresConnectionOptions): Promise<SessionHolds> {
    return openOnPool(options, ({ pool, owned, schema }) => new SessionHolds(pool, owned, schema));
  }

  /** Puts a hold on `sessionIds` (`undefined`: every session) for `ttlMs`; resolves with it. */
  async hold(
    sessionIds: readonly string[] | undefined,
    options: { holder: string; ttlMs: number },
  ): Promise<SessionHold> {
    assertTtl(options.ttlMs);
    if (sessionIds !== undefined && !sessionIds.every((id) => typeof id === 'string' && id !== ''))
      throw new TypeError('sessionIds must be non-empty strings');
    const result = await this.#query<{ id: string; inputsBefore: string }>('hold', this.#sql.hold, [
      options.ttlMs,
      sessionIds === undefined ? null : [...sessionIds],
      options.holder,
    ]);
    const row = result.rows[0];
    if (row === undefined) throw new Error('the hold returned no row');
    const held = sessionIds === undefined ? undefined : [...sessionIds];
    return { id: row.id, sessionIds: held, holder: options.holder, inputsBefore: row.inputsBefore };
  }

  /** Extends a hold in force by `ttlMs`; resolves `false` when it had ended already. */
  async renew(id: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    return (await this.#query('renewHold', this.#sql.renew, [ttlMs, id])).rowCount === 1;
  }

  /** Ends a hold. */
  async release(id: string): Promise<void> {
    await this.#query('releaseHold', this.#sql.release, [id]);
  }

  /** Whether the hold is still in force (not released, not expired). */
  async inForce(id: string): Promise<boolean> {
    return (
      (await this.#query<{ inForce: boolean }>('holdInForce', this.#sql.inForce, [id])).rows[0]?.inForce ===
      true
    );
  }

  /** The holds in force, oldest first (expired ones are removed on the way). */
  async active(): Promise<SessionHold[]> {
    const result = await this.#query<{
      id: string;
      sessionIds: string[] | null;
      holder: string;
      inputsBefore: string;
    }>('activeHolds', this.#sql.active, []);
    return result.rows.map((row) => ({
      id: row.id,
      sessionIds: row.sessionIds ?? undefined,
      holder: row.holder,
      inputsBefore: row.inputsBefore,
    }));
  }

  /** The owner ids of the processes holding a live lease of these sessions (`undefined`: of any). */
  async liveOwners(sessionIds: readonly string[] | undefined): Promise<string[]> {
    const result = await this.#query<{ owner: string }>('liveOwners', this.#sql.liveOwners, [
      sessionIds === undefined ? null : [...sessionIds],
    ]);
    return result.rows.map((row) => row.owner).sort();
  }

  /** Lets the statements already sent finish, then ends a pool the holds made. */
  async close(): Promise<void> {
    await this.#inFlight.settled();
    if (this.#ownsPool) await this.#pool.end();
  }

  #query<R extends pg.QueryResultRow>(
    operation: string,
    sql: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    return this.#inFlight.track(withClassifiedFailure(operation, () => this.#pool.query<R>(sql, values)));
  }
}

function assertTtl(ttlMs: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1 || ttlMs > 2_147_483_647)
    throw new TypeError(`ttlMs must be a whole number from 1 to 2147483647, got ${String(ttlMs)}`);
}
