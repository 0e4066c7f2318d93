import type { Notification, Pool, PoolClient } from 'pg';

/** Options of {@link NotificationListener}. */
export interface NotificationListenerOptions {
  readonly pool: Pool;
  /** `LISTEN` statement of the channel (its name a checked identifier). */
  readonly listenSql: string;
  /** Handles one notification's payload on the listening connection, one after another. */
  readonly onNotification: (payload: string, client: PoolClient) => void | Promise<void>;
  /**
   * Runs after every (re)connection, once listening, before any notification is handled:
   * what was notified meanwhile was lost. A failure counts as a failed connection.
   */
  readonly onConnected: (client: PoolClient) => Promise<void>;
  /** Runs when the connection is lost, before reconnecting. */
  readonly onLost?: (error: Error) => void;
  /** Runs on `close`, on the connection, before it is let go. */
  readonly onClose?: (client: PoolClient) => Promise<void>;
}

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 2000;

/**
 * Holds one connection of the pool on `LISTEN` and hands every notification to a handler,
 * in order, on that connection. A lost connection is replaced with growing pauses (100 ms
 * doubling to 2 s), and `onConnected` runs after each connection so the owner can catch up on
 * what it missed. Not public API.
 */
export class NotificationListener {
  readonly #options: NotificationListenerOptions;
  #client: PoolClient | undefined;
  #queue: Promise<void> = Promise.resolve();
  #retryMs = FIRST_RETRY_MS;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: NotificationListenerOptions) {
    this.#options = options;
  }

  /** Whether the connection is up, listening and caught up. */
  get listening(): boolean {
    return this.#client !== undefined;
  }

  /** Connects, listens and runs `onConnected`; rejects when that first connection fails. */
  async start(): Promise<void> {
    await this.#connect();
  }

  /**
   * Runs `work` on the listening connection after everything queued before it; does nothing
   * while not connected. Its failure is left to the connection's own error handling.
   */
  run(work: (client: PoolClient) => Promise<void>): void {
    const client = this.#client;
    if (client === undefined) return;
    this.#queue = this.#queue
      .then(() => (this.#client === client ? work(client) : undefined))
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    if (client !== undefined) {
      await this.#queue;
      await this.#options.onClose?.(client).catch(() => undefined);
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
      // Through the queue: what is notified while catching up is handled after it.
      const caughtUp = this.#queue.then(() => this.#options.onConnected(client));
      this.#queue = caughtUp.catch(() => undefined);
      await caughtUp;
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
  }

  #enqueue(client: PoolClient, message: Notification): void {
    const payload = message.payload ?? '';
    this.#queue = this.#queue
      .then(() => this.#options.onNotification(payload, client))
      .catch(() => undefined);
  }

  #lost(client: PoolClient, error: Error): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.release(error);
    this.#options.onLost?.(error);
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
}
