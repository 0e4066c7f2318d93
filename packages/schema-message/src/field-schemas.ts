import { z } from 'zod';
import { isWellFormedText } from './is-well-formed-text';
import { ATTACHMENT_KINDS } from './message-attachment';
import { SESSION_TYPES } from './session-type';
import { TRIGGER_TYPES } from './trigger-type';
import { TURN_OUTCOMES } from './turn-record';

// Building blocks shared by the inbound and stored-message schemas (not public API).

export const nonEmptyString = z.string().min(1, 'must not be empty');

/** A non-empty id that is used as a storage key, so it must survive a UTF-8 round trip. */
export const wellFormedId = nonEmptyString.refine(isWellFormedText, {
  message: 'must be well-formed UTF-16 text (it has a lone surrogate)',
});

export const textRefSchema = z.object({
  key: nonEmptyString,
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fallback: z.string().optional(),
});

export const actorSchema = z.object({
  id: nonEmptyString,
  name: z.string().optional(),
  platform: z.string().optional(),
  roles: z.array(z.string()).optional(),
});

export const sourceSchema = z.object({
  kind: nonEmptyString,
  id: z.string().optional(),
  label: z.union([z.string(), textRefSchema]).optional(),
});

export const attachmentSchema = z
  .object({
    kind: z.enum(ATTACHMENT_KINDS),
    url: nonEmptyString.optional(),
    data: nonEmptyString.optional(),
    mimeType: z.string().optional(),
    name: z.string().optional(),
    size: z.number().int().nonnegative().optional(),
  })
  .refine((attachment) => attachment.url !== undefined || attachment.data !== undefined, {
    message: 'an attachment needs url or data',
    path: ['url'],
  });

export const replyReferenceSchema = z.object({
  messageId: nonEmptyString,
  content: z.string().optional(),
  userId: z.string().optional(),
  nickname: z.string().optional(),
});

export const triggerTypeSchema = z.enum(TRIGGER_TYPES);
export const sessionTypeSchema = z.enum(SESSION_TYPES);
export const timestampSchema = z.number().nonnegative();

export const turnRecordSchema = z.object({
  outcome: z.enum(TURN_OUTCOMES),
  source: sourceSchema.optional(),
  error: z.union([z.string(), textRefSchema]).optional(),
});
