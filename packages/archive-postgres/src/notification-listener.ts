import type { Notification, Pool, PoolClient } from 'pg';

/** Options of {@link NotificationListener}. */
export interface NotificationListenerOptions {
  readonly pool: Pool;
  /** `LISTEN` statement of the channel (its name a checked identifier). */
  readonly listenSql: string;
  /** Handles one notification's payload; notifications are handled one after another. */
  readonly onNotification: (payload: string) => void | Promise<void>;
  /** Runs after every (re)connection, once listening: what was notified meanwhile was lost. */
  readonly onConnected: () => void | Promise<void>;
}

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 2000;

/**
 * Holds one connection of the pool on `LISTEN` and hands every notification to a handler,
 * in order. A lost connection is replaced with growing pauses (100 ms doubling to 2 s), and
 * `onConnected` runs after each connection so the owner can catch up on what it missed.
 * Not public API.
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

  /** Whether the connection is up and listening. */
  get listening(): boolean {
    return this.#client !== undefined;
  }

  /** Connects and listens; rejects when the first connection fails. */
  async start(): Promise<void> {
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    if (client !== undefined) {
      await this.#queue;
      // Destroyed, not returned: a pooled connection must not stay on LISTEN for the next user.
      client.release(true);
    }
  }

  async #connect(): Promise<void> {
    const client = await this.#options.pool.connect();
    client.on('notification', (message) => this.#enqueue(message));
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('Connection terminated')));
    try {
      await client.query(this.#options.listenSql);
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
    this.#queue = this.#queue.then(() => this.#options.onConnected()).catch(() => undefined);
  }

  #enqueue(message: Notification): void {
    const payload = message.payload ?? '';
    this.#queue = this.#queue.then(() => this.#options.onNotification(payload)).catch(() => undefined);
  }

  #lost(client: PoolClient, error: Error): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.release(error);
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
