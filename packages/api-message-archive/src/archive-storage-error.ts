import { MessageArchiveError } from './message-archive-error';

/**
 * `ARCHIVE_STORAGE_FAILED`: the store could not read or write (I/O failure, a corrupt row
 * read back, …); `cause` holds the underlying error. Nothing of the failed write is kept.
 */
export class ArchiveStorageError extends MessageArchiveError {
  /** The stable code of this error. */
  static override readonly code = 'ARCHIVE_STORAGE_FAILED';
  declare readonly code: 'ARCHIVE_STORAGE_FAILED';

  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, { ...options, code: ArchiveStorageError.code });
  }
}
