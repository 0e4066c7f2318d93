import { MessageArchiveError } from './message-archive-error';

/**
 * `ARCHIVE_STORAGE_FAILED`: the store could not read or write (I/O failure, a corrupt row
 * read back, …); `cause` holds the underlying error. Nothing of the failed write is kept.
 */
export class ArchiveStorageError extends MessageArchiveError {
  declare readonly code: 'ARCHIVE_STORAGE_FAILED';

  constructor(message: string, options?: { readonly cause?: unknown }) {
    super('ARCHIVE_STORAGE_FAILED', message, options);
    this.name = 'ArchiveStorageError';
  }

  /** Whether `value` is an `ArchiveStorageError`, from any installed copy. */
  static override isInstance(value: unknown): value is ArchiveStorageError {
    return MessageArchiveError.isInstance(value) && value.code === 'ARCHIVE_STORAGE_FAILED';
  }
}
