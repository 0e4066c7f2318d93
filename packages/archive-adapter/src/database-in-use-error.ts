import { MessageArchiveError } from '@aalis/api-message-archive';
import type { DatabaseHolder } from './database-holder';
import type { StoreOperation } from './store-operation';

/** Options of {@link DatabaseInUseError}. */
export interface DatabaseInUseErrorOptions {
  /** The database file. */
  readonly path: string;
  /** The process holding the file, when its row could be read. */
  readonly holder: DatabaseHolder | undefined;
  /** The current time (epoch milliseconds), to say how long ago the holder's heartbeat was. */
  readonly now: number;
  /** Set when a write of an open store found that another process had taken the file over. */
  readonly operation?: StoreOperation;
}

/**
 * `ARCHIVE_DATABASE_IN_USE` ([DUR-3]): another live process holds the SQLite archive file
 * (its heartbeat is younger than its expiry and, on this host, its pid exists). Thrown by
 * `new SqliteArchiveStore(…)`; the message names the file and the holding process and says
 * what to do. Also the rejection of a write (`operation` set) by a store whose hold was taken
 * over: such a store no longer writes. `holder` and `heartbeatAgeMs` describe the holder.
 */
export class DatabaseInUseError extends MessageArchiveError {
  /** The stable code of this error. */
  static override readonly code = 'ARCHIVE_DATABASE_IN_USE';
  declare readonly code: 'ARCHIVE_DATABASE_IN_USE';
  /** The database file. */
  readonly path: string;
  /** The process holding the file, when its row could be read. */
  readonly holder: DatabaseHolder | undefined;
  /** How long before the error the holder's last heartbeat was, in milliseconds. */
  readonly heartbeatAgeMs: number | undefined;
  /** The write that was refused, for a store that lost its hold; `undefined` at open. */
  readonly operation: StoreOperation | undefined;

  constructor(options: DatabaseInUseErrorOptions) {
    super(describeInUse(options), { code: DatabaseInUseError.code });
    this.path = options.path;
    this.holder = options.holder;
    this.heartbeatAgeMs = options.holder === undefined ? undefined : options.now - options.holder.heartbeatAt;
    this.operation = options.operation;
  }
}

function describeInUse(options: DatabaseInUseErrorOptions): string {
  const holder = describeHolder(options.holder, options.now);
  if (options.operation !== undefined) {
    return (
      `${options.operation} failed (write): this store no longer holds the archive database ` +
      `${options.path}; ${holder} took it over. Close this store: another process serves the file now.`
    );
  }
  return (
    `the archive database ${options.path} is in use by ${holder}. Stop that process, or use ` +
    'another database file (open with exclusive: false only to read it).'
  );
}

function describeHolder(holder: DatabaseHolder | undefined, now: number): string {
  if (holder === undefined) return 'another process';
  const seconds = Math.max(0, now - holder.heartbeatAt) / 1000;
  return `process ${holder.pid} on host ${holder.hostname} (last heartbeat ${seconds.toFixed(1)} s ago)`;
}
