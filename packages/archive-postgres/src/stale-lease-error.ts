import { ArchiveStorageError } from '@aalis/api-message-archive';

/** Options of {@link StaleLeaseError}. */
export interface StaleLeaseErrorOptions {
  readonly sessionId: string;
  /** The fencing token the write carried. */
  readonly token: number;
}

/**
 * `ARCHIVE_STORAGE_FAILED`, name `StaleLeaseError`: a write through a fenced store
 * (`PostgresArchiveStore.fenced(lease)`) carried a lease that is no longer the session's
 * current one: another owner acquired the session since (a newer fencing token), or the lease
 * was released ([DUR-3]). Nothing of the write was committed. It is an `ArchiveStorageError`,
 * so an agent ends the turn as `error`; the process should stop serving the session.
 */
export class StaleLeaseError extends ArchiveStorageError {
  /** The session written to. */
  readonly sessionId: string;
  /** The fencing token the refused write carried. */
  readonly token: number;

  constructor(options: StaleLeaseErrorOptions) {
    super(
      `write refused: the lease of session ${options.sessionId} with token ${options.token} is no longer current`,
    );
    this.sessionId = options.sessionId;
    this.token = options.token;
  }
}
