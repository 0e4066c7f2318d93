import type { IncomingMessage, Message, MessageMetadata, TurnEntry } from '@aalis/schema-message';
import type { MessageDraft } from './message-draft';

/** Options of `MessageArchiveService.archiveIncoming`. */
export interface ArchiveIncomingOptions {
  /** The turn the input entered; absent for inputs released without a turn ([ABT-3], [ARC-6]). */
  readonly turnId?: string;
  /** How it entered the turn ([ARC-6]); only together with `turnId`. */
  readonly entry?: TurnEntry;
}

/** Options of `MessageArchiveService.list`. */
export interface ListMessagesOptions {
  /** At most this many messages: the most recent ones. */
  readonly limit?: number;
  /** Only messages stored before the message with this id. */
  readonly before?: string;
}

/**
 * A metadata patch: keys are merged into the stored metadata, a key set to `undefined`
 * is removed.
 */
export type MetadataPatch = MessageMetadata;

/**
 * The message archive: the persistent history of every session. The agent archives each
 * input when it enters a turn, appends tool-call groups and replies, records turn records,
 * and rolls a turn back by its id ([ARC-1]..[ARC-9]). Optional for the agent: without one,
 * turns still run and nothing is persisted ([SVC-5]).
 */
export interface MessageArchiveService {
  /**
   * Stores an input as a `user` message. With `turnId`/`entry` they are recorded under
   * `WellKnownMetadataKeys.TurnId` and `TurnEntry` ([ARC-6]); the sender, source, trigger,
   * attachments, reply reference, platform, group and session type go under their registered
   * keys. Resolves with the stored message (`TurnInput.archived`, [HK-9]).
   */
  archiveIncoming(message: IncomingMessage, options?: ArchiveIncomingOptions): Promise<Message>;
  /**
   * Appends messages to a session, all or none (a tool-call group is never half-written,
   * [ARC-1]). Resolves with the stored messages in the given order.
   */
  append(sessionId: string, messages: readonly MessageDraft[]): Promise<Message[]>;
  /**
   * Merges `patch` into the metadata of a stored message (e.g. the turn record on the last
   * reply, [ARC-8]). Rejects with `ArchivedMessageNotFoundError` for an unknown id.
   */
  updateMetadata(messageId: string, patch: MetadataPatch): Promise<void>;
  /**
   * Deletes every message of the session whose `TurnId` is `turnId`, inputs included
   * ([ARC-7]). Resolves with how many were deleted (0 for an unknown turn).
   */
  rollback(sessionId: string, turnId: string): Promise<number>;
  /** A session's stored messages, oldest first, markers included. */
  list(sessionId: string, options?: ListMessagesOptions): Promise<Message[]>;
  /** One stored message, or `undefined`. */
  get(messageId: string): Promise<Message | undefined>;
  /**
   * Deletes every stored message of these sessions (`undefined`: of every session).
   * Resolves with how many were deleted.
   */
  clear(sessionIds: readonly string[] | undefined): Promise<number>;
}
