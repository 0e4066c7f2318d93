import type { Message } from './message';
import { MessageSchema } from './message-schema';
import { MessageValidationError } from './message-validation-error';
import { validationIssues } from './validation-issues';

/**
 * Validates a stored row read back from storage as a `Message`. Throws
 * `MessageValidationError` (`INVALID_STORED_MESSAGE`) naming the first bad field and, when
 * the row had a string `id`, the row.
 */
export function parseMessage(value: unknown): Message {
  const result = MessageSchema.safeParse(value);
  if (result.success) return result.data;
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  throw new MessageValidationError({
    code: 'INVALID_STORED_MESSAGE',
    issues: validationIssues(result.error),
    ...(typeof id === 'string' ? { messageId: id } : {}),
    cause: result.error,
  });
}
