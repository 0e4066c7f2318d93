import { ArchiveStorageError } from '@aalis/api-message-archive';

/**
 * `ARCHIVE_STORAGE_FAILED`, name `SessionNotLeasedError`: a turn write through
 * `PostgresArchiveStore.leased(leases)` was for a session this process holds no lease of
 * ([DUR-3]). Nothing was written. It is an `ArchiveStorageError`, so an agent ends the turn as
 * `error`.
 */
export class SessionNotLeasedError extends ArchiveStorageError {
  /** The session written to. */
  readonly sessionId: string;

  constructor(sessionId: string) {
    super(`write refused: this process holds no lease of session ${sessionId}`);
    this.sessionId = sessionId;
  }
}
