import type { MessageRole, ToolCall } from '@aalis/schema-message';

/** An image a model sees with a message: an http(s) URL or a `data:` URL. */
export interface ChatImage {
  readonly url: string;
  readonly mimeType?: string;
}

/**
 * One message of a chat request. A stored `Message` of schema-message is assignable to it,
 * so history can be sent as is.
 */
export interface ChatMessage {
  readonly role: MessageRole;
  readonly content: string;
  /** On an assistant message: the tool calls it made. */
  readonly toolCalls?: readonly ToolCall[];
  /** On a tool message: the call it answers. */
  readonly toolCallId?: string;
  /** Images the model sees with this message (only for models with `vision`). */
  readonly images?: readonly ChatImage[];
}
