export { ArchiveStorageError } from './archive-storage-error';
export { ArchivedMessageNotFoundError } from './archived-message-not-found-error';
export { messageArchive } from './message-archive';
export { MessageArchiveError, type MessageArchiveErrorOptions } from './message-archive-error';
export type {
  ArchiveIncomingOptions,
  ListMessagesOptions,
  MessageArchiveService,
  MetadataPatch,
} from './message-archive-service';
export type { MessageDraft } from './message-draft';
