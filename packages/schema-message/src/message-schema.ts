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
  turnRecordSchema,
} from './field-schemas';
import type { Message } from './message';
import { MESSAGE_ROLES } from './message';
import { WellKnownMetadataKeys as Keys } from './well-known-metadata-keys';

const tokenCount = z.number().nonnegative().optional();

const metadataSchema = z.looseObject({
  [Keys.TurnId]: nonEmptyString.optional(),
  [Keys.TurnEntry]: z.enum(['opened', 'joined']).optional(),
  [Keys.TurnRecord]: turnRecordSchema.optional(),
  [Keys.CallId]: nonEmptyString.optional(),
  [Keys.Model]: z.string().optional(),
  [Keys.Tokens]: z
    .object({ promptTokens: tokenCount, completionTokens: tokenCount, totalTokens: tokenCount })
    .optional(),
  [Keys.Platform]: z.string().optional(),
  [Keys.SelfIdentity]: z.object({ userId: nonEmptyString, nickname: z.string().optional() }).optional(),
  [Keys.Group]: z.object({ id: nonEmptyString, name: z.string().optional() }).optional(),
  [Keys.SessionType]: sessionTypeSchema.optional(),
  [Keys.VisibleContent]: z.string().optional(),
  [Keys.NotSent]: z.literal(true).optional(),
  [Keys.Injector]: z.string().optional(),
  [Keys.StoppedBy]: actorSchema.optional(),
  [Keys.Sender]: z
    .object({ userId: nonEmptyString, nickname: z.string().optional(), actor: actorSchema.optional() })
    .optional(),
  [Keys.Source]: sourceSchema.optional(),
  [Keys.TriggerType]: triggerTypeSchema.optional(),
  [Keys.Attachments]: z.array(attachmentSchema).optional(),
  [Keys.ReplyTo]: replyReferenceSchema.optional(),
  [Keys.PlatformMessageId]: z.string().optional(),
});

/**
 * zod schema of a stored `Message`, for rows read back from storage (an untrusted edge).
 * Registered metadata keys are checked against their types; other keys pass unchanged.
 * A missing `metadata` reads as `{}`. Prefer `parseMessage`.
 */
export const MessageSchema: z.ZodType<Message> = z.object({
  id: nonEmptyString,
  sessionId: nonEmptyString,
  role: z.enum(MESSAGE_ROLES),
  content: z.string(),
  toolCalls: z
    .array(z.object({ id: nonEmptyString, name: nonEmptyString, arguments: z.string() }))
    .optional(),
  toolCallId: nonEmptyString.optional(),
  kind: nonEmptyString.optional(),
  metadata: metadataSchema.default({}),
  createdAt: timestampSchema,
});
