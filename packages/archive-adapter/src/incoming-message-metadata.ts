import type { ArchiveIncomingOptions } from '@aalis/api-message-archive';
import type { IncomingMessage, MessageMetadata } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';

/**
 * The metadata an archived input carries, under registered keys only: turn id and entry
 * ([ARC-6]), sender, source, trigger, attachments, reply reference, platform message id,
 * platform, group and session type. Absent fields are left out. Not public API.
 */
export function incomingMessageMetadata(
  message: IncomingMessage,
  options: ArchiveIncomingOptions,
): MessageMetadata {
  const metadata: Record<string, unknown> = {
    [Keys.TurnId]: options.turnId,
    [Keys.TurnEntry]: options.entry,
    [Keys.Sender]: withoutUndefined({
      userId: message.userId,
      nickname: message.nickname,
      actor: message.actor,
    }),
    [Keys.Source]: message.source,
    [Keys.TriggerType]: message.triggerType,
    [Keys.Attachments]: message.attachments,
    [Keys.ReplyTo]: message.replyTo,
    [Keys.PlatformMessageId]: message.messageId,
    [Keys.Platform]: message.platform,
    [Keys.Group]:
      message.groupId === undefined || message.groupId === ''
        ? undefined
        : withoutUndefined({ id: message.groupId, name: message.groupName }),
    [Keys.SessionType]: message.sessionType,
  };
  return withoutUndefined(metadata);
}

/** A copy of `record` without the keys whose value is `undefined`. Not public API. */
export function withoutUndefined<T extends Record<string, unknown>>(record: T): T {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (value !== undefined) copy[key] = value;
  return copy as T;
}
