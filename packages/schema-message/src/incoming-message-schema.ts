import { z } from 'zod';
import {
  actorSchema,
  attachmentSchema,
  nonEmptyString,
  replyReferenceSchema,
  sessionTypeSchema,
  sourceSchema,
  timestampSchema,
  triggerTypeSchema,
  wellFormedId,
} from './field-schemas';
import type { IncomingMessage } from './incoming-message';

/**
 * zod schema of an inbound `IncomingMessage` (an untrusted edge). Unknown properties are
 * dropped. `sessionId` must be well-formed UTF-16 (no lone surrogate): it is the key the
 * history is stored under. Prefer `parseIncomingMessage`, which throws a
 * `MessageValidationError`.
 */
export const IncomingMessageSchema: z.ZodType<IncomingMessage> = z.object({
  content: z.string(),
  sessionId: wellFormedId,
  platform: nonEmptyString,
  userId: nonEmptyString,
  nickname: z.string().optional(),
  actor: actorSchema.optional(),
  source: sourceSchema.optional(),
  triggerType: triggerTypeSchema.optional(),
  sessionType: sessionTypeSchema.optional(),
  groupId: z.string().optional(),
  groupName: z.string().optional(),
  attachments: z.array(attachmentSchema).optional(),
  replyTo: replyReferenceSchema.optional(),
  messageId: z.string().optional(),
  timestamp: timestampSchema.optional(),
});
