import type { MessageActor, MessageSource, ReplyReference } from './incoming-message';
import type { MessageAttachment } from './message-attachment';
import type { SessionType } from './session-type';
import type { TriggerType } from './trigger-type';
import type { TurnEntry, TurnRecord } from './turn-record';
import { WellKnownMetadataKeys as Keys } from './well-known-metadata-keys';

/** Token figures recorded on a final reply (summed over the turn's model calls). */
export interface MessageTokens {
  readonly promptTokens?: number;
  readonly completionTokens?: number;
  readonly totalTokens?: number;
}

/** The assistant's own account on the platform of a turn. */
export interface SelfIdentity {
  readonly userId: string;
  readonly nickname?: string;
}

/** A platform group. */
export interface GroupReference {
  readonly id: string;
  readonly name?: string;
}

/** Who sent an archived input. */
export interface MessageSender {
  readonly userId: string;
  readonly nickname?: string;
  readonly actor?: MessageActor;
}

/** The value type of every registered metadata key (see `WellKnownMetadataKeys`). */
export interface WellKnownMetadata {
  [Keys.TurnId]: string;
  [Keys.TurnEntry]: TurnEntry;
  [Keys.TurnRecord]: TurnRecord;
  [Keys.CallId]: string;
  [Keys.Model]: string;
  [Keys.Tokens]: MessageTokens;
  [Keys.Platform]: string;
  [Keys.SelfIdentity]: SelfIdentity;
  [Keys.Group]: GroupReference;
  [Keys.SessionType]: SessionType;
  [Keys.VisibleContent]: string;
  [Keys.NotSent]: true;
  [Keys.Injector]: string;
  [Keys.StoppedBy]: MessageActor;
  [Keys.Sender]: MessageSender;
  [Keys.Source]: MessageSource;
  [Keys.TriggerType]: TriggerType;
  [Keys.Attachments]: readonly MessageAttachment[];
  [Keys.ReplyTo]: ReplyReference;
  [Keys.PlatformMessageId]: string;
}

/**
 * Metadata of a stored message: the registered keys with their types, plus any key other
 * plugins write (e.g. in `agent:tool:after`, persisted unchanged, [ARC-4]).
 */
export type MessageMetadata = { readonly [Key in keyof WellKnownMetadata]?: WellKnownMetadata[Key] } & {
  readonly [key: string]: unknown;
};
