import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database, Statement } from 'better-sqlite3';
import type { DatabaseHolder } from './database-holder';
import { DatabaseInUseError } from './database-in-use-error';
import { isHolderLive } from './is-holder-live';
import type { StoreOperation } from './store-operation';

/** Options of {@link SqliteDatabaseHold.claim}. */
export interface SqliteDatabaseHoldOptions {
  readonly database: Database;
  /** The database file, for error messages. */
  readonly path: string;
  /** How often the heartbeat refreshes the holder row. */
  readonly heartbeatIntervalMs: number;
  /** How long after its last heartbeat the hold expires for other processes. */
  readonly expiryMs: number;
}

const HOLDER_COLUMNS = `owner_id AS ownerId, pid, hostname, started_at AS startedAt,
  heartbeat_at AS heartbeatAt, expiry_ms AS expiryMs`;

/**
 * This process's hold on an SQLite archive file ([DUR-3]): the one row of `database_holder`,
 * taken at open, refreshed by an unref'd heartbeat, deleted on release. Writes check it
 * inside their transaction, so a store whose hold was taken over no longer writes. Not
 * public API.
 */
export class SqliteDatabaseHold {
  readonly #options: SqliteDatabaseHoldOptions;
  readonly #statements: ReturnType<typeof prepareHoldStatements>;
  #holder: DatabaseHolder;
  #timer: ReturnType<typeof setInterval> | undefined;

  private constructor(options: SqliteDatabaseHoldOptions, holder: DatabaseHolder) {
    this.#options = options;
    this.#statements = prepareHoldStatements(options.database);
    this.#holder = holder;
  }

  /**
   * Takes the file for this process, unless another live holder has it: then throws
   * `DatabaseInUseError` naming that holder. Run it inside an IMMEDIATE transaction, so
   * that two processes opening at once see each other.
   */
  static claim(options: SqliteDatabaseHoldOptions): SqliteDatabaseHold {
    const now = Date.now();
    const current = readHolder(options.database);
    if (current !== undefined && isHolderLive(current, { now, hostname: hostname() })) {
      throw new DatabaseInUseError({ path: options.path, holder: current, now });
    }
    const holder: DatabaseHolder = {
      ownerId: randomUUID(),
      pid: process.pid,
      hostname: hostname(),
      startedAt: now,
      heartbeatAt: now,
      expiryMs: options.expiryMs,
    };
    const hold = new SqliteDatabaseHold(options, holder);
    hold.#statements.take.run(holder);
    return hold;
  }

  /** This store's holder row as last written. */
  get holder(): DatabaseHolder {
    return this.#holder;
  }

  /** Whether the file's holder row is still this store's; call inside a write transaction. */
  isHeld(): boolean {
    const row = this.#statements.selectOwner.get() as { ownerId: string } | undefined;
    return row?.ownerId === this.#holder.ownerId;
  }

  /** The error of a write refused because another process took the file over. */
  lostError(operation: StoreOperation): DatabaseInUseError {
    let holder: DatabaseHolder | undefined;
    try {
      holder = readHolder(this.#options.database);
    } catch {
      holder = undefined;
    }
    return new DatabaseInUseError({ path: this.#options.path, holder, now: Date.now(), operation });
  }

  /** Starts refreshing the holder row every `heartbeatIntervalMs`; the timer does not keep the process alive. */
  startHeartbeat(): void {
    this.#timer = setInterval(() => this.#beat(), this.#options.heartbeatIntervalMs);
    this.#timer.unref();
  }

  /** Stops the heartbeat and deletes the holder row if it is still this store's. */
  release(): void {
    this.#stopHeartbeat();
    try {
      this.#statements.release.run(this.#holder.ownerId);
    } catch {
      // The file is failing or locked past the busy timeout: the row expires by itself, and
      // on this host the pid is gone once the process ends.
    }
  }

  #beat(): void {
    try {
      const now = Date.now();
      const changes = this.#statements.beat.run(now, this.#holder.ownerId).changes;
      if (changes === 0) this.#stopHeartbeat();
      else this.#holder = { ...this.#holder, heartbeatAt: now };
    } catch {
      // A busy or failing file: the next beat tries again; writes check the row themselves.
    }
  }

  #stopHeartbeat(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** The file's holder row, if any. Not public API. */
export function readHolder(database: Database): DatabaseHolder | undefined {
  return database.prepare(`SELECT ${HOLDER_COLUMNS} FROM database_holder WHERE slot = 1`).get() as
    | DatabaseHolder
    | undefined;
}

function prepareHoldStatements(database: Database) {
  const prepare = (sql: string): Statement => database.prepare(sql);
  return {
    take: prepare(`INSERT OR REPLACE INTO database_holder
      (slot, owner_id, pid, hostname, started_at, heartbeat_at, expiry_ms)
      VALUES (1, @ownerId, @pid, @hostname, @startedAt, @heartbeatAt, @expiryMs)`),
    selectOwner: prepare('SELECT owner_id AS ownerId FROM database_holder WHERE slot = 1'),
    beat: prepare('UPDATE database_holder SET heartbeat_at = ? WHERE slot = 1 AND owner_id = ?'),
    release: prepare('DELETE FROM database_holder WHERE slot = 1 AND owner_id = ?'),
  };
}
