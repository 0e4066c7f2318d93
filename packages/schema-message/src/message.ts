import type { ToolCall } from './tool-call';
import type { MessageMetadata } from './well-known-metadata';

/** The roles of stored messages. */
export const MESSAGE_ROLES = ['system', 'user', 'assistant', 'tool'] as const;

/** One of {@link MESSAGE_ROLES}. */
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/**
 * A message of a session's history as the archive stores it. Rows read back from storage
 * are validated with `parseMessage`.
 */
export interface Message {
  /** Unique id given by the archive. */
  readonly id: string;
  readonly sessionId: string;
  readonly role: MessageRole;
  readonly content: string;
  /** On an assistant message: the tool calls it asked for. */
  readonly toolCalls?: readonly ToolCall[];
  /** On a tool message: the `ToolCall.id` it answers. */
  readonly toolCallId?: string;
  /** Absent for conversation; `WellKnownKinds` for markers. */
  readonly kind?: string;
  /** Registered keys (`WellKnownMetadataKeys`) and plugin keys; `{}` when none. */
  readonly metadata: MessageMetadata;
  /** When it was stored, in milliseconds since the epoch. */
  readonly createdAt: number;
}
