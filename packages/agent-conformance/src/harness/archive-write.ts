import type { ArchiveIncomingOptions, MetadataPatch } from '@aalis/api-message-archive';
import type { Message } from '@aalis/schema-message';

/** The archive and memory operations that change what is stored. */
export type ArchiveOperation =
  | 'archiveIncoming'
  | 'append'
  | 'updateMetadata'
  | 'rollback'
  | 'clear'
  | 'clearHistory';

/** One write the recording archive received, successful or not. */
export interface ArchiveWrite {
  /** The activity number of the write. */
  readonly seq: number;
  readonly operation: ArchiveOperation;
  /** The session written to; `undefined` for a clear of every session. */
  readonly sessionId: string | undefined;
  /** The messages stored by `archiveIncoming` and `append` (as stored, with ids). */
  readonly messages: readonly Message[];
  /** The options of `archiveIncoming`. */
  readonly incoming?: ArchiveIncomingOptions;
  /** The message and patch of `updateMetadata`. */
  readonly messageId?: string;
  readonly patch?: MetadataPatch;
  /** The turn id of `rollback`. */
  readonly turnId?: string;
  /** The sessions of `clear` and `clearHistory` (`undefined`: all). */
  readonly sessionIds?: readonly string[] | undefined;
  /** Whether the write failed (injected failure or bad arguments). */
  readonly failed: boolean;
}
