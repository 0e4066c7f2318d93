import { MessageArchiveError } from './message-archive-error';

/** `MESSAGE_NOT_FOUND`: no stored message has this id (e.g. `updateMetadata` on a rolled-back message). */
export class ArchivedMessageNotFoundError extends MessageArchiveError {
  /** The stable code of this error. */
  static override readonly code = 'MESSAGE_NOT_FOUND';
  declare readonly code: 'MESSAGE_NOT_FOUND';
  readonly messageId: string;

  constructor(messageId: string, options?: { readonly cause?: unknown }) {
    super(`no archived message with id ${messageId}`, {
      ...options,
      code: ArchivedMessageNotFoundError.code,
    });
    this.messageId = messageId;
  }
}
