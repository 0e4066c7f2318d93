import { MessageArchiveError } from './message-archive-error';

/** `MESSAGE_NOT_FOUND`: no stored message has this id (e.g. `updateMetadata` on a rolled-back message). */
export class ArchivedMessageNotFoundError extends MessageArchiveError {
  declare readonly code: 'MESSAGE_NOT_FOUND';
  readonly messageId: string;

  constructor(messageId: string, options?: { readonly cause?: unknown }) {
    super('MESSAGE_NOT_FOUND', `no archived message with id ${messageId}`, options);
    this.name = 'ArchivedMessageNotFoundError';
    this.messageId = messageId;
  }

  /** Whether `value` is an `ArchivedMessageNotFoundError`, from any installed copy. */
  static override isInstance(value: unknown): value is ArchivedMessageNotFoundError {
    return MessageArchiveError.isInstance(value) && value.code === 'MESSAGE_NOT_FOUND';
  }
}
