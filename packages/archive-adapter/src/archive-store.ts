import type { MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { SessionTimeline } from './session-timeline';

/**
 * A store that is both the message archive and the memory of the agent: what the turns
 * write and what the next model reads come from the same rows. `InMemoryArchiveStore` and
 * `SqliteArchiveStore` implement it and behave the same.
 *
 * Writes are whole or absent (a tool-call group is never half-written, [ARC-1]); rows read
 * back are validated, and a corrupt one rejects with `CorruptRowError` naming it.
 */
export interface ArchiveStore extends MessageArchiveService, MemoryService {
  /** The session's turns and loose messages as they happened (see `buildTimeline`). */
  timeline(sessionId: string): Promise<SessionTimeline>;
  /** Releases the storage; later calls reject with `ArchiveStorageError`. Idempotent. */
  close(): Promise<void>;
}

/** Options both stores take. */
export interface ArchiveStoreOptions {
  /** The clock that stamps `createdAt` of new messages (default `Date.now`). */
  readonly now?: () => number;
  /** Makes the id of a new message that has none (default: a time-ordered version-7 UUID). */
  readonly createId?: () => string;
}
