import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { classifyPostgresFailure } from './classify-postgres-failure';
import { InFlightStatements } from './in-flight-statements';
import { NotificationListener } from './notification-listener';
import { openOnPool } from './open-on-pool';
import type { PostgresConnectionOptions } from './postgres-connection-options';
import { quoteSchema } from './quote-schema';
import { type SessionInboxStatements, sessionInboxStatements } from './session-inbox-statements';
import { sessionLeaseStatements } from './session-lease-statements';
import { untilAborted } from './until-aborted';
import { withClassifiedFailure } from './with-classified-failure';
import { withTransaction } from './with-transaction';
import { checkFence, type LeaseFence } from './write-fence';

/** One input in the inbox, as its session's owner takes it. */
export interface InboxInput {
  /** The inbox's id of the input: ids of one session grow in the order its enqueues committed. */
  readonly id: string;
  readonly sessionId: string;
  /** What `enqueue` was given, parsed back from JSON. */
  readonly payload: unknown;
}

interface Waiter {
  readonly resolve: (outcome: unknown) => void;
  readonly reject: (error: unknown) => void;
}

const DEFAULT_TAKE_LIMIT = 100;
/** PostgreSQL refuses notification payloads of 8,000 bytes or more. */
const MAX_BROADCAST_BYTES = 7999;

/**
 * The session inbox on PostgreSQL ([DUR-3]): any process enqueues a session's inputs durably,
 * the process that holds the session's lease takes them in the order their enqueues committed
 * and settles each with an outcome, and the enqueuing process waits for that outcome. Taking
 * and settling are fenced by the lease: a process that lost it can neither take nor settle.
 * Notifications on one channel per schema tell owners that a session has new inputs
 * (`onQueued`) and waiters that an input was settled; after a lost connection both catch up
 * from the table.
 */
export class SessionInbox {
  /** The schema that holds the tables. */
  readonly schema: string;
  readonly #pool: Pool;
  readonly #ownsPool: boolean;
  readonly #sql: SessionInboxStatements;
  readonly #fenceSql: string;
  readonly #channel: string;
  readonly #listener: NotificationListener;
  readonly #waiters = new Map<string, Set<Waiter>>();
  readonly #queuedListeners = new Set<(sessionId: string) => void>();
  readonly #broadcastListeners = new Set<(message: unknown) => void>();
  readonly #inFlight = new InFlightStatements();

  private constructor(parts: { schema: string; pool: Pool; ownsPool: boolean }) {
    const quoted = quoteSchema(parts.schema);
    this.schema = parts.schema;
    this.#pool = parts.pool;
    this.#ownsPool = parts.ownsPool;
    this.#sql = sessionInboxStatements(quoted);
    this.#fenceSql = sessionLeaseStatements(quoted).fence;
    this.#channel = `aalis_inbox_${createHash('sha256').update(parts.schema).digest('hex').slice(0, 16)}`;
    this.#listener = new NotificationListener({
      pool: parts.pool,
      listenSql: `LISTEN "${this.#channel}"`,
      onNotification: (payload) => this.#notified(payload),
      onConnected: () => this.#catchUp(),
    });
  }

  /**
   * Connects, migrates unless `migrate: false`, and starts listening. Rejects with
   * `DatabaseConnectionError`, `DatabaseTimeoutError` or `UnsupportedSchemaVersionError`.
   */
  static async open(options: PostgresConnectionOptions): Promise<SessionInbox> {
    return openOnPool(options, async ({ pool, owned, schema }) => {
      const inbox = new SessionInbox({ schema, pool, ownsPool: owned });
      await inbox.#listener.start().catch((error: unknown) => {
        throw classifyPostgresFailure(error, 'open') ?? error;
      });
      return inbox;
    });
  }

  /**
   * Adds an input to the session's inbox and tells the listening owners; resolves with its id
   * once committed. Enqueues of one session are serialised until commit, so ids follow the
   * order in which they committed. `payload` must survive `JSON.stringify`.
   */
  async enqueue(sessionId: string, payload: unknown): Promise<string> {
    assertSessionId(sessionId);
    const text = JSON.stringify(payload);
    if (typeof text !== 'string') throw new TypeError('an inbox payload must be a JSON value');
    return this.#storage('enqueue', () =>
      withTransaction(this.#pool, async (client) => {
        await client.query(this.#sql.lockSession, [`inbox:${this.schema}:${sessionId}`]);
        const inserted = await client.query<{ id: string }>(this.#sql.enqueue, [sessionId, text]);
        const id = inserted.rows[0]?.id;
        if (id === undefined) throw new Error('the inbox returned no id');
        await this.#notify(client, { q: sessionId });
        return id;
      }),
    );
  }

  /**
   * The session's queued inputs, oldest first (at most `limit`, default 100), marked taken by
   * this lease. Rejects with `StaleLeaseError` when the lease is no longer the session's
   * current one, taking nothing.
   */
  async take(lease: LeaseFence, options: { readonly limit?: number } = {}): Promise<InboxInput[]> {
    const limit = options.limit ?? DEFAULT_TAKE_LIMIT;
    if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError('limit must be a whole number >= 1');
    const rows = await this.#fenced('take', lease, async (client) => {
      const taken = await client.query<{ id: string; payload: string }>(this.#sql.take, [
        lease.sessionId,
        String(lease.token),
        limit,
      ]);
      return taken.rows;
    });
    return rows
      .map((row) => ({ id: row.id, sessionId: lease.sessionId, payload: JSON.parse(row.payload) as unknown }))
      .sort((a, b) => compareIds(a.id, b.id));
  }

  /**
   * Puts inputs this lease took and will not serve back in the queue, where they were, for the
   * session's next owner (a process that stops serving gracefully); resolves with how many went
   * back. Rejects with `StaleLeaseError` when the lease is no longer current.
   */
  async untake(lease: LeaseFence, inputIds: readonly string[]): Promise<number> {
    if (inputIds.length === 0) return 0;
    return this.#fenced('untake', lease, async (client) => {
      const updated = await client.query(this.#sql.untake, [
        [...inputIds],
        lease.sessionId,
        String(lease.token),
      ]);
      if ((updated.rowCount ?? 0) > 0) await this.#notify(client, { q: lease.sessionId });
      return updated.rowCount ?? 0;
    });
  }

  /**
   * Settles an input this lease took with `outcome` (a JSON value) and tells its waiters.
   * Resolves `false` when the input was not taken by this lease or is settled already;
   * rejects with `StaleLeaseError` when the lease is no longer current.
   */
  async settle(lease: LeaseFence, inputId: string, outcome: unknown): Promise<boolean> {
    const text = outcomeText(outcome);
    return this.#fenced('settle', lease, async (client) => {
      const updated = await client.query(this.#sql.settle, [
        inputId,
        lease.sessionId,
        String(lease.token),
        text,
      ]);
      if (updated.rowCount === 0) return false;
      await this.#notify(client, { s: inputId });
      return true;
    });
  }

  /**
   * Settles the queued inputs of the lease's session with `outcome` — all of them, or with
   * `upTo` those up to that input id (the ones enqueued before it) — and resolves with their ids.
   */
  async settleQueued(
    lease: LeaseFence,
    outcome: unknown,
    options: { readonly upTo?: string } = {},
  ): Promise<string[]> {
    const text = outcomeText(outcome);
    return this.#fenced('settleQueued', lease, (client) =>
      this.#settleRows(client, this.#sql.settleQueued, [lease.sessionId, text, options.upTo ?? null]),
    );
  }

  /**
   * Settles with `outcome` the inputs of the lease's session that an earlier owner took and
   * never settled (it died or lost the session); resolves with their ids. A new owner runs it
   * before it serves the session.
   */
  async settleAbandoned(lease: LeaseFence, outcome: unknown): Promise<string[]> {
    const text = outcomeText(outcome);
    return this.#fenced('settleAbandoned', lease, (client) =>
      this.#settleRows(client, this.#sql.settleAbandoned, [lease.sessionId, String(lease.token), text]),
    );
  }

  /** Waits until the input is settled and resolves with its outcome; `signal` stops the wait. */
  async outcome(inputId: string, options: { readonly signal?: AbortSignal } = {}): Promise<unknown> {
    options.signal?.throwIfAborted();
    let waiter: Waiter | undefined;
    const settled = new Promise<unknown>((resolve, reject) => {
      waiter = { resolve, reject };
    });
    const waiting = this.#waiters.get(inputId) ?? new Set<Waiter>();
    if (waiter !== undefined) waiting.add(waiter);
    this.#waiters.set(inputId, waiting);
    try {
      // Settled before the waiter was registered: the notification went by already.
      await this.#check(inputId);
      return await untilAborted(settled, options.signal);
    } finally {
      if (waiter !== undefined) waiting.delete(waiter);
      if (waiting.size === 0 && this.#waiters.get(inputId) === waiting) this.#waiters.delete(inputId);
    }
  }

  /**
   * Calls `listener` with a session id whenever inputs were enqueued for it, and for every
   * session with unsettled inputs after each (re)connection. Returns a disposer.
   */
  onQueued(listener: (sessionId: string) => void): () => void {
    this.#queuedListeners.add(listener);
    return () => this.#queuedListeners.delete(listener);
  }

  /**
   * Tells every process listening on the schema (this one included) `message`, a JSON value of
   * at most 7,999 bytes as JSON, through a notification: commands and news that need no storage,
   * such as "stop session S's turn". Not durable: a process whose listening connection is down
   * at that moment does not get it. Rejects with a `TypeError` for a message too long.
   */
  async broadcast(message: unknown): Promise<void> {
    const text = JSON.stringify({ b: message });
    if (typeof text !== 'string' || Buffer.byteLength(text) > MAX_BROADCAST_BYTES)
      throw new TypeError(`a broadcast must be a JSON value of at most ${MAX_BROADCAST_BYTES} bytes`);
    await this.#storage('broadcast', () => this.#pool.query(this.#sql.notify, [this.#channel, text]));
  }

  /** Calls `listener` with every broadcast message, in the order they were sent. Returns a disposer. */
  onBroadcast(listener: (message: unknown) => void): () => void {
    this.#broadcastListeners.add(listener);
    return () => this.#broadcastListeners.delete(listener);
  }

  /** Sessions with inputs not settled yet, the one waiting longest first. */
  async pendingSessions(): Promise<string[]> {
    const result = await this.#storage('pendingSessions', () =>
      this.#pool.query<{ sessionId: string }>(this.#sql.pendingSessions),
    );
    return result.rows.map((row) => row.sessionId);
  }

  /**
   * Sessions with inputs not settled whose lease no process holds (never leased, released, or
   * expired by the server's clock), the one waiting longest first: what a process scans to take
   * over the sessions of a dead owner, in one statement however many sessions are served.
   */
  async unservedSessions(): Promise<string[]> {
    const result = await this.#storage('unservedSessions', () =>
      this.#pool.query<{ sessionId: string }>(this.#sql.unservedSessions),
    );
    return result.rows.map((row) => row.sessionId);
  }

  /** Whether the session has an input not settled (queued, or taken and not settled). */
  async isPending(sessionId: string): Promise<boolean> {
    assertSessionId(sessionId);
    const result = await this.#storage('isPending', () =>
      this.#pool.query<{ pending: boolean }>(this.#sql.isPending, [sessionId]),
    );
    return result.rows[0]?.pending === true;
  }

  /**
   * Stops listening (waiting `outcome` calls reject), lets the statements already sent finish,
   * and ends a pool the inbox made.
   */
  async close(): Promise<void> {
    await this.#listener.close();
    const closed = new Error('the session inbox is closed');
    for (const waiting of this.#waiters.values()) for (const waiter of waiting) waiter.reject(closed);
    this.#waiters.clear();
    await this.#inFlight.settled();
    if (this.#ownsPool) await this.#pool.end();
  }

  async #settleRows(client: PoolClient, sql: string, values: unknown[]): Promise<string[]> {
    const settled = await client.query<{ id: string }>(sql, values);
    for (const row of settled.rows) await this.#notify(client, { s: row.id });
    return settled.rows.map((row) => row.id);
  }

  #fenced<T>(operation: string, lease: LeaseFence, work: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.#storage(operation, () =>
      withTransaction(this.#pool, async (client) => {
        await checkFence(client, this.#fenceSql, lease);
        return work(client);
      }),
    );
  }

  async #notify(client: PoolClient, message: Record<string, string>): Promise<void> {
    await client.query(this.#sql.notify, [this.#channel, JSON.stringify(message)]);
  }

  async #notified(payload: string): Promise<void> {
    let message: { q?: unknown; s?: unknown; b?: unknown };
    try {
      message = JSON.parse(payload) as { q?: unknown; s?: unknown; b?: unknown };
    } catch {
      return;
    }
    if ('b' in message) this.#tell(this.#broadcastListeners, message.b);
    if (typeof message.q === 'string') this.#tellQueued(message.q);
    if (typeof message.s === 'string' && this.#waiters.has(message.s)) await this.#check(message.s);
  }

  /** After a (re)connection: settled inputs and queued sessions may have gone unnoticed. */
  async #catchUp(): Promise<void> {
    if (this.#waiters.size > 0) {
      // One statement for every awaited input, however many there are.
      const settled = await this.#pool.query<{ id: string; outcome: string | null }>(this.#sql.settledAmong, [
        [...this.#waiters.keys()],
      ]);
      for (const row of settled.rows) this.#resolve(row.id, row.outcome);
    }
    if (this.#queuedListeners.size === 0) return;
    for (const sessionId of await this.pendingSessions()) this.#tellQueued(sessionId);
  }

  #tellQueued(sessionId: string): void {
    this.#tell(this.#queuedListeners, sessionId);
  }

  #tell<T>(listeners: ReadonlySet<(value: T) => void>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch {
        // A failing listener must not stop the others nor the notifications after it.
      }
    }
  }

  /** Resolves the waiters of an input once it is settled. */
  async #check(inputId: string): Promise<void> {
    const result = await this.#storage('outcome', () =>
      this.#pool.query<{ state: string; outcome: string | null }>(this.#sql.outcome, [inputId]),
    );
    const row = result.rows[0];
    if (row === undefined) throw new TypeError(`the inbox has no input ${inputId}`);
    if (row.state === 'settled') this.#resolve(inputId, row.outcome);
  }

  #resolve(inputId: string, outcomeText: string | null): void {
    const outcome = outcomeText === null ? null : (JSON.parse(outcomeText) as unknown);
    for (const waiter of this.#waiters.get(inputId) ?? []) waiter.resolve(outcome);
  }

  #storage<T>(operation: string, work: () => Promise<T>): Promise<T> {
    return this.#inFlight.track(withClassifiedFailure(operation, work));
  }
}

function assertSessionId(sessionId: string): void {
  if (typeof sessionId !== 'string' || sessionId === '')
    throw new TypeError('sessionId must be a non-empty string');
}

function outcomeText(outcome: unknown): string {
  const text = JSON.stringify(outcome);
  if (typeof text !== 'string') throw new TypeError('an inbox outcome must be a JSON value');
  return text;
}

/** Compares two bigint ids given as decimal text. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
