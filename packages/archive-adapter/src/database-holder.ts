/**
 * The process that holds an SQLite archive file ([DUR-3]): one row of the file's
 * `database_holder` table, written when a store opens the file exclusively, refreshed by
 * its heartbeat, deleted on `close()`.
 */
export interface DatabaseHolder {
  /** A random id of the holding store, new at each open. */
  readonly ownerId: string;
  /** The holding process. */
  readonly pid: number;
  /** `os.hostname()` of the holding process. */
  readonly hostname: string;
  /** When the store opened the file (epoch milliseconds). */
  readonly startedAt: number;
  /** The last heartbeat (epoch milliseconds). */
  readonly heartbeatAt: number;
  /** How long after `heartbeatAt` the hold expires if no heartbeat follows (milliseconds). */
  readonly expiryMs: number;
}
