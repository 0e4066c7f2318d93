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

/**
 * The storage primitives a store is built on. Every method is synchronous and each one is
 * one transaction: it happens whole or not at all; one that reads before it writes holds the
 * write lock from its start ([DUR-2]). Rows handed in are already validated; rows handed out
 * are validated by the caller. Not public API.
 */
export interface StoreEngine {
  /**
   * Inserts rows in order, all or none, giving each the next sequence number. An id that is
   * already stored, or twice in `rows`, throws a `TypeError` and inserts nothing.
   */
  insertRows(rows: readonly NewRow[]): void;
  /** The row with this message id. */
  selectById(id: string): StoredRow | undefined;
  /** A session's rows, oldest first. */
  selectSession(sessionId: string, options: SelectSessionOptions): StoredRow[];
  /** A session's rows newest first, from `beforeSeq` backwards. */
  selectBackward(sessionId: string, options: SelectBackwardOptions): StoredRow[];
  /** How many rows of the session have a kind that is not one of `excludedKinds`. */
  countRows(sessionId: string, excludedKinds: readonly string[]): number;
  /**
   * Rewrites the metadata of one row inside one transaction; `rewrite` may throw to cancel.
   * Returns false when no row has this id.
   */
  rewriteMetadata(id: string, rewrite: (row: StoredRow) => MetadataRewrite): boolean;
  /** Deletes a session's rows of one turn; returns how many. */
  deleteTurn(sessionId: string, turnId: string): number;
  /** Deletes every row of these sessions (`undefined`: of all); returns how many. */
  deleteSessions(sessionIds: readonly string[] | undefined): number;
  /**
   * The typed error for a failure of `operation` this engine recognises (a read-only file, a
   * hold taken over), or `undefined` for the store to report a `StorageOperationError`.
   */
  typedFailure?(error: unknown, operation: StoreOperation): Error | undefined;
  /** Releases the storage. */
  close(): void;
}
