import { ArchiveStorageError } from '@aalis/api-message-archive';

/** Options of {@link DatabaseConnectionError}. */
export interface DatabaseConnectionErrorOptions {
  /** What was being done: a store method (`append`, `history`, …), `migrate`, or a session-manager step. */
  readonly operation: string;
  /** The driver's failure. */
  readonly cause: unknown;
}

/**
 * `ARCHIVE_STORAGE_FAILED`, name `DatabaseConnectionError`: the PostgreSQL server could not be
 * reached or the connection broke (refused, reset, the server shutting down or restarting).
 * Transient: nothing of the failed write was committed unless the server had already
 * acknowledged it, and the pool opens new connections for the next call, so the store works
 * again once the server is back, without reopening it. `operation` names the step.
 */
export class DatabaseConnectionError extends ArchiveStorageError {
  /** What was being done when the connection failed. */
  readonly operation: string;

  constructor(options: DatabaseConnectionErrorOptions) {
    super(`${options.operation} failed: the database connection was lost (${describe(options.cause)})`, {
      cause: options.cause,
    });
    this.operation = options.operation;
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
