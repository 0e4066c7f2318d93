import { ArchiveStorageError } from '@aalis/api-message-archive';

/** Options of {@link CorruptRowError}. */
export interface CorruptRowErrorOptions {
  /** The table the row was read from. */
  readonly table: string;
  /** The row's storage sequence number (SQLite `rowid`). */
  readonly rowId: number;
  /** The row's message id, when it had a readable one. */
  readonly messageId?: string;
  /** What was wrong: the JSON or validation failure. */
  readonly cause: unknown;
}

/**
 * A row read back from storage is not a valid `Message` (unparsable JSON column, a field of
 * the wrong type, a registered metadata key with a bad value). It names the table and row;
 * the read fails, the process does not. Its `code` is the contract's `ARCHIVE_STORAGE_FAILED`,
 * so `ArchiveStorageError.isInstance` recognises it too.
 */
export class CorruptRowError extends ArchiveStorageError {
  /** The table the row was read from. */
  readonly table: string;
  /** The row's storage sequence number. */
  readonly rowId: number;
  /** The row's message id, when it had a readable one. */
  readonly messageId: string | undefined;

  constructor(options: CorruptRowErrorOptions) {
    const subject = options.messageId === undefined ? '' : ` (message ${options.messageId})`;
    super(`corrupt row ${options.rowId} in table ${options.table}${subject}: ${describe(options.cause)}`, {
      cause: options.cause,
    });
    this.table = options.table;
    this.rowId = options.rowId;
    this.messageId = options.messageId;
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
