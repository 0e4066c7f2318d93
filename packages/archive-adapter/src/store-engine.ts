import type { StoreOperation } from './store-operation';
import type { NewRow, StoredRow } from './stored-row';

/** What a metadata rewrite of one row changes. */
export interface MetadataRewrite {
  readonly metadata: string;
  readonly turnId: string | null;
}

/** Options of `StoreEngine.selectSession`. */
export interface SelectSessionOptions {
  /** Only rows with a smaller `seq`. */
  readonly beforeSeq?: number;
  /** Only the last this many rows. */
  readonly limit?: number;
}

/** Options of `StoreEngine.selectBackward`. */
export interface SelectBackwardOptions {
  /** Only rows with a smaller `seq`. */
  readonly beforeSeq?: number;
  /** At most this many rows. */
  readonly limit: number;
  /** Leave out rows of this kind. */
  readonly excludeKind: string;
}

/** A value, or a promise of it: what an engine method may return. */
export type Awaitable<T> = T | PromiseLike<T>;

/**
 * The storage primitives a store is built on, for `ArchiveStoreBase` (see
 * `@aalis/archive-adapter/engine`). Each method is one transaction: it happens whole or not
 * at all; one that reads before it writes holds its lock from the start, so no concurrent
 * writer's change is lost ([DUR-2]). A method may answer synchronously (the in-memory and
 * SQLite engines do, and pay no promise of their own) or with a promise (a networked
 * database); the store awaits either. Rows handed in are already validated; rows handed out
 * are validated by the store.
 */
export interface StoreEngine {
  /**
   * Inserts rows in order, all or none, giving each the next sequence number. An id that is
   * already stored, or twice in `rows`, throws a `TypeError` and inserts nothing.
   */
  insertRows(rows: readonly NewRow[]): Awaitable<void>;
  /** The row with this message id. */
  selectById(id: string): Awaitable<StoredRow | undefined>;
  /** A session's rows, oldest first. */
  selectSession(sessionId: string, options: SelectSessionOptions): Awaitable<StoredRow[]>;
  /** A session's rows newest first, from `beforeSeq` backwards. */
  selectBackward(sessionId: string, options: SelectBackwardOptions): Awaitable<StoredRow[]>;
  /** How many rows of the session have a kind that is not one of `excludedKinds`. */
  countRows(sessionId: string, excludedKinds: readonly string[]): Awaitable<number>;
  /**
   * Rewrites the metadata of one row inside one transaction, the row locked from its read to
   * the write; `rewrite` (synchronous) may throw to cancel.
   * Returns false when no row has this id.
   */
  rewriteMetadata(id: string, rewrite: (row: StoredRow) => MetadataRewrite): Awaitable<boolean>;
  /** Deletes a session's rows of one turn; returns how many. */
  deleteTurn(sessionId: string, turnId: string): Awaitable<number>;
  /** Deletes every row of these sessions (`undefined`: of all); returns how many. */
  deleteSessions(sessionIds: readonly string[] | undefined): Awaitable<number>;
  /**
   * The typed error for a failure of `operation` this engine recognises (a read-only file, a
   * hold taken over), or `undefined` for the store to report a `StorageOperationError`.
   */
  typedFailure?(error: unknown, operation: StoreOperation): Error | undefined;
  /** Releases the storage. */
  close(): Awaitable<void>;
}
