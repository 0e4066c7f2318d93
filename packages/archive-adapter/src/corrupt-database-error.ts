import { MessageArchiveError } from '@aalis/api-message-archive';

/** Options of {@link CorruptDatabaseError}. */
export interface CorruptDatabaseErrorOptions {
  /** The database file. */
  readonly path: string;
  /** What SQLite found wrong: the first lines of `PRAGMA quick_check`, or its error message. */
  readonly problems: readonly string[];
  /** The SQLite error, when opening failed with one. */
  readonly cause?: unknown;
}

/**
 * `ARCHIVE_DATABASE_CORRUPT`: the SQLite archive file is damaged or is not an SQLite
 * database (garbage bytes, a truncated file, pages that fail `PRAGMA quick_check`). Thrown by
 * `new SqliteArchiveStore(…)`, which then leaves the file untouched. The message names the
 * file, says what is wrong and what to do: restore a backup, or move the file (with its
 * `-wal` and `-shm` files) away to start with an empty history.
 */
export class CorruptDatabaseError extends MessageArchiveError {
  /** The stable code of this error. */
  static override readonly code = 'ARCHIVE_DATABASE_CORRUPT';
  declare readonly code: 'ARCHIVE_DATABASE_CORRUPT';
  /** The database file. */
  readonly path: string;
  /** What SQLite found wrong, at most ten lines. */
  readonly problems: readonly string[];

  constructor(options: CorruptDatabaseErrorOptions) {
    const problems = options.problems.slice(0, 10);
    super(
      `the archive database ${options.path} is damaged or not an SQLite database ` +
        `(${problems.join('; ') || 'unknown problem'}). Restore it from a backup, or move it and its ` +
        '-wal and -shm files away to start with an empty history.',
      { code: CorruptDatabaseError.code, cause: options.cause },
    );
    this.path = options.path;
    this.problems = problems;
  }
}
