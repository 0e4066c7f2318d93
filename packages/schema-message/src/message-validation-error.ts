import { SchemaMessageError } from './schema-message-error';

/** One problem found while validating a value. */
export interface ValidationIssue {
  /** Dotted path of the bad field (`actor.id`, `attachments.0.url`); `(root)` for the value itself. */
  readonly field: string;
  readonly message: string;
}

/** What was being validated: an inbound message, or a stored row read back. */
export type MessageValidationCode = 'INVALID_INCOMING_MESSAGE' | 'INVALID_STORED_MESSAGE';

/**
 * A value is not a valid `IncomingMessage` (`INVALID_INCOMING_MESSAGE`, [SVC-3]) or not a
 * valid stored `Message` (`INVALID_STORED_MESSAGE`). `field` names the first bad field;
 * `issues` lists them all.
 */
export class MessageValidationError extends SchemaMessageError {
  declare readonly code: MessageValidationCode;
  /** Dotted path of the first bad field, e.g. `actor.id`. */
  readonly field: string;
  readonly issues: readonly ValidationIssue[];
  /** For stored rows: the `id` of the row, when it had a string id. */
  readonly messageId: string | undefined;

  constructor(options: {
    readonly code: MessageValidationCode;
    readonly issues: readonly ValidationIssue[];
    readonly messageId?: string;
    readonly cause?: unknown;
  }) {
    const first = options.issues[0] ?? { field: '(root)', message: 'invalid value' };
    const subject = options.code === 'INVALID_INCOMING_MESSAGE' ? 'incoming message' : 'stored message';
    const row = options.messageId === undefined ? '' : ` ${options.messageId}`;
    super(`invalid ${subject}${row}: ${first.field}: ${first.message}`, {
      code: options.code,
      cause: options.cause,
    });
    this.field = first.field;
    this.issues = options.issues;
    this.messageId = options.messageId;
  }
}
