import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { DatabaseConnectionError } from './database-connection-error';
import { DatabaseTimeoutError } from './database-timeout-error';
import { NotificationListener } from './notification-listener';

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

/**
 * Applies every session change other processes (and this one) commit, in commit order, on
 * one listening connection that is replaced when lost; at the start and after each reconnect
 * everything is (re)loaded. `synchronize()` resolves once every change committed before it
 * was applied: its own notification comes back after them, since PostgreSQL delivers
 * notifications in commit order. A transaction that advances generations ends its
 * notifications with `{ change }`; once everything before it is applied, the listener
 * acknowledges that number in its row, which the heartbeat also refreshes, on the same
 * connection and in the same order. Not public API.
 */
export class SessionChangeListener {
  readonly #options: SessionChangeListenerOptions;
  readonly #listener: NotificationListener;
  readonly #waiting = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  #applied = 0;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(options: SessionChangeListenerOptions) {
    this.#options = options;
    this.#listener = new NotificationListener({
      pool: options.pool,
      listenSql: options.listenSql,
      onNotification: (payload, client) => this.#handle(payload, client),
      onConnected: async (client) => {
        this.#applied = Math.max(this.#applied, await options.reload(client));
        await options.acknowledge(client, this.#applied);
        this.#startHeartbeat();
      },
      onLost: (error) => {
        clearInterval(this.#heartbeat);
        this.#failWaiting(new DatabaseConnectionError({ operation: 'synchronize', cause: error }));
      },
      onClose: (client) => options.forget(client),
    });
  }

  /** Connects, listens and loads everything; rejects when the first connection fails. */
  async start(): Promise<void> {
    await this.#listener.start();
  }

  /**
   * Resolves once every change committed before this call has been applied here; rejects
   * with `DatabaseConnectionError` when not listening and `DatabaseTimeoutError` past the
   * timeout.
   */
  async synchronize(): Promise<void> {
    if (!this.#listener.listening) {
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
    clearInterval(this.#heartbeat);
    this.#failWaiting(new Error('the session manager is closed'));
    await this.#listener.close();
  }

  /** Refreshes the record through the queue, so it never overtakes a change being applied. */
  #startHeartbeat(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = setInterval(() => {
      this.#listener.run((client) => this.#options.acknowledge(client, this.#applied));
    }, this.#options.heartbeatMs);
    this.#heartbeat.unref();
  }

  async #handle(text: string, client: PoolClient): Promise<void> {
    const payload = parsePayload(text);
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

  #failWaiting(error: Error): void {
    for (const waiter of this.#waiting.values()) waiter.reject(error);
    this.#waiting.clear();
  }
}

function parsePayload(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
