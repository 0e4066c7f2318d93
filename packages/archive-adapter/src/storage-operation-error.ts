import { ArchiveStorageError } from '@aalis/api-message-archive';
import { type StoreAccess, type StoreOperation, storeAccess } from './store-operation';

/** Options of {@link StorageOperationError}. */
export interface StorageOperationErrorOptions {
  /** The store method that failed. */
  readonly operation: StoreOperation;
  /** The underlying failure (an SQLite error, …); its message becomes the reason. */
  readonly cause?: unknown;
  /** The reason, when there is no underlying failure (e.g. `the store is closed`). */
  readonly reason?: string;
}

/**
 * A store method could not read or write its storage: I/O, a lock held past the busy
 * timeout, a damaged page met while reading, a call after `close()`. `operation` names the
 * method and `access` says whether it was a `read` (list, get, history, countHistory,
 * timeline) or a `write`, so a caller can word its notice as a failed read or a failed save;
 * the message says it too: `history failed (read): database disk image is malformed`.
 * Its `code` is the contract's `ARCHIVE_STORAGE_FAILED`, so `ArchiveStorageError.isInstance`
 * recognises it.
 */
export class StorageOperationError extends ArchiveStorageError {
  /** The store method that failed. */
  readonly operation: StoreOperation;
  /** `read` or `write`. */
  readonly access: StoreAccess;

  constructor(options: StorageOperationErrorOptions) {
    const access = storeAccess(options.operation);
    const reason = options.reason ?? describe(options.cause);
    super(`${options.operation} failed (${access}): ${reason}`, { cause: options.cause });
    this.operation = options.operation;
    this.access = access;
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
