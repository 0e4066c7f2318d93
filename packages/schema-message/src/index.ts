export { CONTROL_KINDS, isControlKind } from './control-kinds';
export type { IncomingMessage, MessageActor, MessageSource, ReplyReference } from './incoming-message';
export { IncomingMessageSchema } from './incoming-message-schema';
export { isTextRef } from './is-text-ref';
export { isWellFormedText } from './is-well-formed-text';
export type { Message, MessageRole } from './message';
export { MESSAGE_ROLES } from './message';
export type { AttachmentKind, MessageAttachment } from './message-attachment';
export { ATTACHMENT_KINDS } from './message-attachment';
export { MessageSchema } from './message-schema';
export type { MessageValidationCode, ValidationIssue } from './message-validation-error';
export { MessageValidationError } from './message-validation-error';
export type { OutgoingMessage } from './outgoing-message';
export { parseIncomingMessage } from './parse-incoming-message';
export { parseMessage } from './parse-message';
export { SchemaMessageError, type SchemaMessageErrorOptions } from './schema-message-error';
export type { SessionType } from './session-type';
export { SESSION_TYPES } from './session-type';
export type { StreamChunk } from './stream-chunk';
export type { TextRef } from './text-ref';
export type { ToolCall } from './tool-call';
export type { TriggerType } from './trigger-type';
export { TRIGGER_TYPES } from './trigger-type';
export type { TurnEntry, TurnOutcome, TurnRecord } from './turn-record';
export { TURN_OUTCOMES } from './turn-record';
export type { WellKnownKind } from './well-known-kinds';
export { WellKnownKinds } from './well-known-kinds';
export type {
  GroupReference,
  MessageMetadata,
  MessageSender,
  MessageTokens,
  SelfIdentity,
  WellKnownMetadata,
} from './well-known-metadata';
export type { WellKnownMetadataKey } from './well-known-metadata-keys';
export { WellKnownMetadataKeys } from './well-known-metadata-keys';
