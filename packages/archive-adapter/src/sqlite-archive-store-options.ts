import type { ArchiveStoreOptions } from './archive-store';

/** Options of `SqliteArchiveStore`. */
export interface SqliteArchiveStoreOptions extends ArchiveStoreOptions {
  /** The database file (created when missing), or `':memory:'` for a private in-memory database. */
  readonly path: string;
  /**
   * SQLite's `synchronous` setting. `normal` (default) keeps every committed write through a
   * crash of the process; `full` also through a power loss, at the cost of a disk flush per
   * write.
   */
  readonly synchronous?: 'normal' | 'full';
  /**
   * How long a write, and the open, wait for another connection's write lock, in
   * milliseconds (default 5000).
   */
  readonly busyTimeoutMs?: number;
  /**
   * Whether this store holds the file alone ([DUR-3], default `true` for a file): opening a
   * file another live process holds throws `DatabaseInUseError`. `false` opens without the
   * hold, for readers and inspection tools; two writers without it may interleave their
   * turns in one session. `':memory:'` is always private and ignores it.
   */
  readonly exclusive?: boolean;
  /**
   * Opens an existing file for reading only (default `false`): no migration, no hold, and
   * every write rejects with `ReadOnlyDatabaseError`. Cannot be combined with
   * `exclusive: true` or `':memory:'`.
   */
  readonly readonly?: boolean;
  /** How often an exclusive store refreshes its hold on the file, in milliseconds (default 2000). */
  readonly heartbeatIntervalMs?: number;
  /**
   * How long after its last heartbeat other processes consider this store's hold expired, in
   * milliseconds (default 10000, more than `heartbeatIntervalMs`). Only matters for a holder
   * on another host, or one whose event loop is blocked: on this host a dead holder's pid
   * frees the file at once.
   */
  readonly holderExpiryMs?: number;
  /**
   * Whether opening a file runs `PRAGMA quick_check` (default `true`): a damaged file then
   * throws `CorruptDatabaseError` at open rather than failing turns later. It reads the whole
   * file, about 0.15 s per 100 MB when the file is in the page cache.
   */
  readonly quickCheck?: boolean;
}
