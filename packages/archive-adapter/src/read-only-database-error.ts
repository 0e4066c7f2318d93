import { MessageArchiveError } from '@aalis/api-message-archive';
import type { StoreOperation } from './store-operation';

/** Options of {@link ReadOnlyDatabaseError}. */
export interface ReadOnlyDatabaseErrorOptions {
  /** The database file. */
  readonly path: string;
  /** The refused write, for a store that is open; `undefined` at open. */
  readonly operation?: StoreOperation;
  /** Whether the store was opened with `readonly: true` (the write was refused on purpose). */
  readonly requested?: boolean;
  /** The SQLite error. */
  readonly cause?: unknown;
}

/**
 * `ARCHIVE_DATABASE_READ_ONLY`: the SQLite archive file cannot be written. At open
 * (`operation` undefined): the file, or its directory where SQLite keeps the `-wal` and
 * `-shm` files, is not writable by this process, so every turn would fail to save; the
 * message names the file and says to make it writable or to open it with `readonly: true`.
 * On an open store: a write was refused, because the store was opened with `readonly: true`
 * (`requested`) or because the file became read-only.
 */
export class ReadOnlyDatabaseError extends MessageArchiveError {
  /** The stable code of this error. */
  static override readonly code = 'ARCHIVE_DATABASE_READ_ONLY';
  declare readonly code: 'ARCHIVE_DATABASE_READ_ONLY';
  /** The database file. */
  readonly path: string;
  /** The refused write; `undefined` at open. */
  readonly operation: StoreOperation | undefined;
  /** Whether the store was opened with `readonly: true`. */
  readonly requested: boolean;

  constructor(options: ReadOnlyDatabaseErrorOptions) {
    super(describeReadOnly(options), { code: ReadOnlyDatabaseError.code, cause: options.cause });
    this.path = options.path;
    this.operation = options.operation;
    this.requested = options.requested ?? false;
  }
}

function describeReadOnly(options: ReadOnlyDatabaseErrorOptions): string {
  if (options.operation === undefined) {
    return (
      `the archive database ${options.path} is read-only for this process: it cannot write the ` +
      'file, or the -wal and -shm files in its directory. Make both writable, or open the store ' +
      'with readonly: true to read the history.'
    );
  }
  const why = options.requested
    ? 'the store was opened with readonly: true'
    : 'the file became read-only for this process';
  return `${options.operation} failed (write): the archive database ${options.path} is read-only (${why})`;
}
