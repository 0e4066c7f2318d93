import type { IncomingMessage } from './incoming-message';
import { IncomingMessageSchema } from './incoming-message-schema';
import { MessageValidationError } from './message-validation-error';
import { validationIssues } from './validation-issues';

/**
 * Validates an untrusted value as an `IncomingMessage` and returns a clean copy (unknown
 * properties dropped). Throws `MessageValidationError` (`INVALID_INCOMING_MESSAGE`) naming
 * the first bad field ([SVC-3]).
 */
export function parseIncomingMessage(value: unknown): IncomingMessage {
  const result = IncomingMessageSchema.safeParse(value);
  if (result.success) return result.data;
  throw new MessageValidationError({
    code: 'INVALID_INCOMING_MESSAGE',
    issues: validationIssues(result.error),
    cause: result.error,
  });
}
