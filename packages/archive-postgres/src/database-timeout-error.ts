import { ArchiveStorageError } from '@aalis/api-message-archive';

/** What ran out of time. */
export type DatabaseTimeoutKind =
  /** No pooled connection became free within `connectionTimeoutMs` (the pool is exhausted). */
  | 'connection'
  /** The server cancelled a statement past `statementTimeoutMs`. */
  | 'statement'
  /** The client gave up on an answer past `queryTimeoutMs` (server gone silent). */
  | 'query';

/** Options of {@link DatabaseTimeoutError}. */
export interface DatabaseTimeoutErrorOptions {
  /** What was being done: a store method, `migrate`, or a session-manager step. */
  readonly operation: string;
  readonly kind: DatabaseTimeoutKind;
  /** The driver's failure. */
  readonly cause: unknown;
}

/**
 * `ARCHIVE_STORAGE_FAILED`, name `DatabaseTimeoutError`: a call waited too long, for a free
 * connection of the pool (`kind: 'connection'`), for a statement the server cancelled
 * (`'statement'`), or for any answer at all (`'query'`). The write was not committed
 * (a cancelled statement rolls its transaction back); the call fails instead of hanging.
 */
export class DatabaseTimeoutError extends ArchiveStorageError {
  /** What was being done when the time ran out. */
  readonly operation: string;
  /** What ran out of time. */
  readonly kind: DatabaseTimeoutKind;

  constructor(options: DatabaseTimeoutErrorOptions) {
    super(`${options.operation} failed: ${WHAT[options.kind]}`, { cause: options.cause });
    this.operation = options.operation;
    this.kind = options.kind;
  }
}

const WHAT: Readonly<Record<DatabaseTimeoutKind, string>> = {
  connection: 'no database connection became free in time (the pool is exhausted)',
  statement: 'the database cancelled a statement that ran too long',
  query: 'the database did not answer in time',
};
