import { randomUUID } from 'node:crypto';
import type { Notification, Pool, PoolClient } from 'pg';
import { DatabaseConnectionError } from './database-connection-error';
import { DatabaseTimeoutError } from './database-timeout-error';

/** What a notification on the session channel says. Not public API. */
export interface SessionChange {
  /** The session whose row changed (created, settings, last turn, deleted). */
  readonly id: string;
  /** Its new generation, when the change advanced it. */
  readonly generation?: number;
}

/** Options of {@link SessionChangeListener}. */
export interface SessionChangeListenerOptions {
  readonly pool: Pool;
  /** `LISTEN` statement of the channel (the channel name is a checked identifier). */
  readonly listenSql: string;
  /** The channel name, for `pg_notify`. */
  readonly channel: string;
  /** Applies one change; runs on the listening connection, one change after another. */
  readonly apply: (change: SessionChange, client: PoolClient) => Promise<void>;
  /**
   * Reloads everything: after a reconnect, notifications sent meanwhile were lost. Resolves
   * with the number of the last generation change the reload includes.
   */
  readonly reload: (client: PoolClient) => Promise<number>;
  /** Records that this listener is alive and has applied every change up to `change`. */
  readonly acknowledge: (client: PoolClient, change: number) => Promise<void>;
  /** Removes this listener's record when it closes. */
  readonly forget: (client: PoolClient) => Promise<void>;
  /** How often the record is refreshed while nothing changes. */
  readonly heartbeatMs: number;
  /** How long `synchronize` waits for its notification to come back. */
  readonly synchronizeTimeoutMs: number;
}

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 2000;

/**
 * Holds one connection of the pool on `LISTEN` and applies every session change other
 * processes (and this one) commit, in commit order. A lost connection is replaced with
 * growing pauses; at the start and after each reconnect everything is (re)loaded. `synchronize()` resolves once
 * every change committed before it was applied: its own notification comes back after them,
 * since PostgreSQL delivers notifications in commit order. A transaction that advances
 * generations ends its notifications with `{ change }`; once everything before it is applied,
 * the listener acknowledges that number in its row, which the heartbeat also refreshes, on
 * the same connection and in the same order. Not public API.
 */
export class SessionChangeListener {
  readonly #options: SessionChangeListenerOptions;
  readonly #waiting = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  #client: PoolClient | undefined;
  #queue: Promise<void> = Promise.resolve();
  #applied = 0;
  #heartbeat: NodeJS.Timeout | undefined;
  #retryMs = FIRST_RETRY_MS;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: SessionChangeListenerOptions) {
    this.#options = options;
  }

  /** Connects, listens and loads everything; rejects when the first connection fails. */
  async start(): Promise<void> {
    await this.#connect();
  }

  /**
   * Resolves once every change committed before this call has been applied here; rejects
   * with `DatabaseConnectionError` when not listening and `DatabaseTimeoutError` past the
   * timeout.
   */
  async synchronize(): Promise<void> {
    if (this.#client === undefined) {
      throw new DatabaseConnectionError({ operation: 'synchronize', cause: new Error('not listening') });
    }
    const token = randomUUID();
    const applied = new Promise<void>((resolve, reject) => this.#waiting.set(token, { resolve, reject }));
    // A connection that dies without a word would never bring the notification back.
    const timer = setTimeout(() => {
      const cause = new Error(`no notification within ${this.#options.synchronizeTimeoutMs} ms`);
      this.#waiting
        .get(token)
        ?.reject(new DatabaseTimeoutError({ operation: 'synchronize', kind: 'query', cause }));
      this.#waiting.delete(token);
    }, this.#options.synchronizeTimeoutMs);
    timer.unref();
    applied.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    try {
      await this.#options.pool.query('SELECT pg_notify($1, $2)', [
        this.#options.channel,
        JSON.stringify({ sync: token }),
      ]);
    } catch (error) {
      this.#waiting.delete(token);
      throw error;
    }
    await applied;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#heartbeat);
    const client = this.#client;
    this.#client = undefined;
    this.#failWaiting(new Error('the session manager is closed'));
    if (client !== undefined) {
      await this.#queue;
      await this.#options.forget(client).catch(() => undefined);
      // Destroyed, not returned: a pooled connection must not stay on LISTEN for the next user.
      client.release(true);
    }
  }

  async #connect(): Promise<void> {
    const client = await this.#options.pool.connect();
    client.on('notification', (message) => this.#enqueue(client, message));
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('Connection terminated')));
    try {
      await client.query(this.#options.listenSql);
      // Through the queue: changes notified while loading are applied after the load.
      const loaded = this.#queue.then(async () => {
        this.#applied = Math.max(this.#applied, await this.#options.reload(client));
        await this.#options.acknowledge(client, this.#applied);
      });
      this.#queue = loaded.catch(() => undefined);
      await loaded;
    } catch (error) {
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    if (this.#closed) {
      client.release(true);
      return;
    }
    this.#client = client;
    this.#retryMs = FIRST_RETRY_MS;
    clearInterval(this.#heartbeat);
    this.#heartbeat = setInterval(() => this.#beat(client), this.#options.heartbeatMs);
    this.#heartbeat.unref();
  }

  #enqueue(client: PoolClient, message: Notification): void {
    this.#queue = this.#queue.then(() => this.#handle(client, message)).catch(() => undefined);
  }

  /** Refreshes the record through the queue, so it never overtakes a change being applied. */
  #beat(client: PoolClient): void {
    if (this.#client !== client) return;
    this.#queue = this.#queue
      .then(() => this.#options.acknowledge(client, this.#applied))
      .catch(() => undefined);
  }

  async #handle(client: PoolClient, message: Notification): Promise<void> {
    const payload = parsePayload(message.payload);
    if (payload === undefined) return;
    if (typeof payload.sync === 'string') {
      const waiter = this.#waiting.get(payload.sync);
      this.#waiting.delete(payload.sync);
      waiter?.resolve();
      return;
    }
    if (typeof payload.change === 'number') {
      this.#applied = Math.max(this.#applied, payload.change);
      await this.#options.acknowledge(client, this.#applied);
      return;
    }
    if (typeof payload.id !== 'string') return;
    const generation = typeof payload.generation === 'number' ? payload.generation : undefined;
    await this.#options.apply(
      { id: payload.id, ...(generation === undefined ? {} : { generation }) },
      client,
    );
  }

  #lost(client: PoolClient, error: Error): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    clearInterval(this.#heartbeat);
    client.release(error);
    this.#failWaiting(new DatabaseConnectionError({ operation: 'synchronize', cause: error }));
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed) return;
    this.#retry = setTimeout(() => {
      this.#connect().catch(() => this.#scheduleReconnect());
    }, this.#retryMs);
    this.#retry.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, LONGEST_RETRY_MS);
  }

  #failWaiting(error: Error): void {
    for (const waiter of this.#waiting.values()) waiter.reject(error);
    this.#waiting.clear();
  }
}

function parsePayload(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
