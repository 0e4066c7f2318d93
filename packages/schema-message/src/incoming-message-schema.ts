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
} from './field-schemas';
import type { IncomingMessage } from './incoming-message';

/**
 * zod schema of an inbound `IncomingMessage` (an untrusted edge). Unknown properties are
 * dropped. Prefer `parseIncomingMessage`, which throws a `MessageValidationError`.
 */
export const IncomingMessageSchema: z.ZodType<IncomingMessage> = z.object({
  content: z.string(),
  sessionId: nonEmptyString,
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
