import type pg from 'pg';
import { createOwnerId } from './create-owner-id';
import { HeldSessionLease } from './held-session-lease';
import { startHeartbeat } from './lease-heartbeat';
import { LeaseHeldError } from './lease-held-error';
import { LeaseLostError } from './lease-lost-error';
import { openOnPool } from './open-on-pool';
import { quoteSchema } from './quote-schema';
import type { SessionLease } from './session-lease';
import { type SessionLeaseStatements, sessionLeaseStatements } from './session-lease-statements';
import { type LeaseTiming, leaseTiming, type SessionLeasesOptions } from './session-leases-options';
import { untilAborted } from './until-aborted';
import { withClassifiedFailure } from './with-classified-failure';
import { withTransaction } from './with-transaction';

/** Options of `acquire` and `renew`. */
export interface LeaseCallOptions {
  /** Stops waiting for the server; a lease acquired after the abort is released again at once. */
  readonly signal?: AbortSignal;
}

/**
 * Session ownership across processes ([DUR-3]): each session is served by one process at a
 * time, under a lease with a heartbeat, an expiry counted by the PostgreSQL server's clock, and
 * a fencing token that grows with every acquisition. Hand a lease to
 * `PostgresArchiveStore.fenced(lease)` and every archive write of the session's turns is
 * refused (`StaleLeaseError`) once another process took the session over, so a paused or
 * partitioned process cannot write after it lost the lease.
 *
 * One instance per process (its `owner` id names the process); it renews every lease it holds
 * (`renewEveryMs`), aborts a lease's `signal` when the lease is lost, and releases them all on
 * `close()`. Database failures are `DatabaseConnectionError` or `DatabaseTimeoutError`.
 */
export class SessionLeases {
  /** This instance's owner id: host name, process id and a random part. */
  readonly owner: string;
  /** The schema holding the `session_leases` table. */
  readonly schema: string;
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #sql: SessionLeaseStatements;
  readonly #timing: LeaseTiming;
  readonly #held = new Map<string, HeldSessionLease>();
  /** Acquisitions sent and not yet answered: `close` waits for them before it releases. */
  readonly #inFlight = new Set<Promise<HeldSessionLease>>();
  /** Stops the heartbeat on close. */
  readonly #closing = new AbortController();
  #closed = false;

  private constructor(options: {
    pool: pg.Pool;
    ownsPool: boolean;
    schema: string;
    timing: LeaseTiming;
  }) {
    this.owner = createOwnerId();
    this.schema = options.schema;
    this.#pool = options.pool;
    this.#ownsPool = options.ownsPool;
    this.#sql = sessionLeaseStatements(quoteSchema(options.schema));
    this.#timing = options.timing;
    if (options.timing.heartbeat) {
      const beat = () => this.#renewAll();
      startHeartbeat({ everyMs: options.timing.renewEveryMs, beat, signal: this.#closing.signal });
    }
  }

  /**
   * Connects and, unless `migrate: false`, brings the schema to the newest version (the
   * `session_leases` table is part of it). Invalid timing is a `TypeError`.
   */
  static async open(options: SessionLeasesOptions): Promise<SessionLeases> {
    const timing = leaseTiming(options);
    return openOnPool(
      options,
      ({ pool, owned, schema }) => new SessionLeases({ pool, ownsPool: owned, schema, timing }),
    );
  }

  /**
   * Takes the session's lease when no other owner holds it: never leased, released, or expired
   * by the server's clock. Resolves with the lease, whose token is one more than the session's
   * last; rejects with `LeaseHeldError` (naming the holder and its expiry) when it is held,
   * also when this instance holds it already.
   */
  async acquire(sessionId: string, options: LeaseCallOptions = {}): Promise<SessionLease> {
    this.#assertOpen();
    assertSessionId(sessionId);
    options.signal?.throwIfAborted();
    const attempt = this.#acquireOnServer(sessionId);
    this.#inFlight.add(attempt);
    const settled = () => this.#inFlight.delete(attempt);
    attempt.then(settled, settled);
    try {
      return await untilAborted(attempt, options.signal);
    } catch (error) {
      if (options.signal?.aborted === true) {
        attempt
          .then(
            (late) => this.release(late),
            () => undefined,
          )
          .catch(() => undefined);
      }
      throw error;
    }
  }

  /**
   * Renews the lease now (the heartbeat does this on its own): resolves with the same lease,
   * its `expiresAt` moved on. Rejects with `LeaseLostError` once another owner acquired the
   * session or the lease was lost otherwise (its signal then aborts), or with a transient
   * `DatabaseConnectionError`/`DatabaseTimeoutError` that leaves the lease held until its deadline.
   */
  async renew(lease: SessionLease, options: LeaseCallOptions = {}): Promise<SessionLease> {
    const held = this.#own(lease);
    if (!held.held) throw lostReason(held);
    const sentAt = performance.now();
    const result = await untilAborted(
      this.#query<{ expiresAt: Date }>('renew', this.#sql.renew, [
        held.sessionId,
        this.owner,
        this.#timing.ttlMs,
        String(held.token),
      ]),
      options.signal,
    );
    const row = result.rows[0];
    if (row === undefined) {
      held.lose(new LeaseLostError({ sessionId: held.sessionId, token: held.token, kind: 'taken-over' }));
    } else {
      held.extend(row.expiresAt, sentAt + this.#timing.ttlMs);
    }
    if (!held.held) throw lostReason(held);
    return held;
  }

  /**
   * Gives the lease up, so another process may acquire the session at once; its signal aborts
   * with an `AbortError`. Releasing a lease already lost or released does nothing.
   */
  async release(lease: SessionLease): Promise<void> {
    const held = this.#own(lease);
    if (!held.held) return;
    held.released();
    await this.#query('release', this.#sql.release, [held.sessionId, this.owner, String(held.token)]);
  }

  /**
   * Whether some process (this one included) holds a live lease of the session, by the server's
   * clock. A plain read: it locks nothing, so asking never slows down the owner's fenced writes.
   */
  async isHeld(sessionId: string): Promise<boolean> {
    assertSessionId(sessionId);
    const result = await this.#query<{ held: boolean }>('isHeld', this.#sql.isHeld, [sessionId]);
    return result.rows[0]?.held === true;
  }

  /**
   * The lease this instance holds on the session, or `undefined` — also once its local deadline
   * passed, even before the deadline's timer ran.
   */
  leaseOf(sessionId: string): SessionLease | undefined {
    const lease = this.#held.get(sessionId);
    return lease?.held === true ? lease : undefined;
  }

  /** Every lease this instance holds. */
  leases(): SessionLease[] {
    return [...this.#held.values()];
  }

  /**
   * Releases every lease held (their signals abort), stops the heartbeats, ends a pool it made.
   * An acquisition still in flight is waited for and released too (it rejects with a `TypeError`).
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closing.abort();
    await Promise.allSettled(this.#inFlight);
    await Promise.allSettled(this.leases().map((lease) => this.release(lease)));
    if (this.#ownsPool) await this.#pool.end();
  }

  async #acquireOnServer(sessionId: string): Promise<HeldSessionLease> {
    const sentAt = performance.now();
    const row = await this.#transaction('acquire', async (client) => {
      const taken = await client.query<{ token: string; expiresAt: Date }>(this.#sql.acquire, [
        sessionId,
        this.owner,
        this.#timing.ttlMs,
      ]);
      if (taken.rows[0] !== undefined) return taken.rows[0];
      const holder = await client.query<{ owner: string; expiresAt: Date }>(this.#sql.holder, [sessionId]);
      const found = holder.rows[0];
      throw new LeaseHeldError({
        sessionId,
        holder: found?.owner ?? '',
        expiresAt: found?.expiresAt ?? new Date(0),
      });
    });
    const lease = new HeldSessionLease({
      sessionId,
      owner: this.owner,
      token: Number(row.token),
      expiresAt: row.expiresAt,
      deadline: sentAt + this.#timing.ttlMs,
      onEnd: (ended) => this.#forget(ended),
    });
    this.#held.set(sessionId, lease);
    if (this.#closed) {
      await this.release(lease);
      throw new TypeError('SessionLeases is closed');
    }
    return lease;
  }

  /**
   * One beat of the heartbeat: renews every lease held in one statement, so a process serving
   * many sessions sends one renewal per beat, not one per session. A lease the statement did
   * not renew was taken over; a failed statement is each lease's `lastFailure`, and each stays
   * held until its deadline.
   */
  async #renewAll(): Promise<void> {
    const held = [...this.#held.values()].filter((lease) => lease.held);
    if (held.length === 0) return;
    const sentAt = performance.now();
    try {
      const result = await this.#query<{ sessionId: string; expiresAt: Date }>('renew', this.#sql.renewMany, [
        this.owner,
        held.map((lease) => lease.sessionId),
        this.#timing.ttlMs,
        held.map((lease) => String(lease.token)),
      ]);
      const renewed = new Map(result.rows.map((row) => [row.sessionId, row.expiresAt]));
      for (const lease of held) {
        const expiresAt = renewed.get(lease.sessionId);
        if (expiresAt !== undefined) lease.extend(expiresAt, sentAt + this.#timing.ttlMs);
        else
          lease.lose(
            new LeaseLostError({ sessionId: lease.sessionId, token: lease.token, kind: 'taken-over' }),
          );
      }
    } catch (error) {
      for (const lease of held) lease.lastFailure = error;
    }
  }

  #forget(lease: HeldSessionLease): void {
    if (this.#held.get(lease.sessionId) === lease) this.#held.delete(lease.sessionId);
    if (LeaseLostError.isInstance(lease.signal.reason) && lease.signal.reason.kind === 'expired') {
      // Free it on the server too, in case the row is still ours: another process need not
      // wait for the server's expiry. Conditional on owner and token, so it frees nothing else.
      this.#query('release', this.#sql.release, [lease.sessionId, this.owner, String(lease.token)]).catch(
        () => undefined,
      );
    }
  }

  #own(lease: SessionLease): HeldSessionLease {
    if (!(lease instanceof HeldSessionLease) || lease.owner !== this.owner) {
      throw new TypeError('the lease was not acquired by this SessionLeases');
    }
    return lease;
  }

  #assertOpen(): void {
    if (this.#closed) throw new TypeError('SessionLeases is closed');
  }

  #query<R extends pg.QueryResultRow>(
    operation: string,
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    return withClassifiedFailure(operation, () => this.#pool.query<R>(text, values));
  }

  #transaction<T>(operation: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return withClassifiedFailure(operation, () => withTransaction(this.#pool, work));
  }
}

function lostReason(lease: HeldSessionLease): unknown {
  const reason: unknown = lease.signal.reason;
  if (LeaseLostError.isInstance(reason)) return reason;
  return new TypeError(`the lease of session ${lease.sessionId} was released`);
}

function assertSessionId(sessionId: string): void {
  if (typeof sessionId !== 'string' || sessionId === '')
    throw new TypeError('sessionId must be a non-empty string');
}
