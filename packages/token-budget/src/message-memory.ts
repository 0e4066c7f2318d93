import type { ChatMessageLike } from './chat-message';

interface RememberedMessage {
  readonly tokens: number;
  readonly role: unknown;
  readonly content: unknown;
  readonly name: unknown;
  readonly toolCalls: unknown;
  readonly toolCallId: unknown;
}

function sameFields(remembered: RememberedMessage, message: ChatMessageLike): boolean {
  return (
    remembered.content === message.content &&
    remembered.role === message.role &&
    remembered.name === message.name &&
    remembered.toolCalls === (message.tool_calls ?? message.toolCalls) &&
    remembered.toolCallId === (message.tool_call_id ?? message.toolCallId)
  );
}

/**
 * The figures of message objects, kept in a `WeakMap` (nothing outlives its message) and valid
 * while the message's role, content, name, tool calls and tool call id are the same references.
 */
export class MessageMemory {
  #messages = new WeakMap<object, RememberedMessage>();

  /** The figure of a message whose counted fields are unchanged, else `undefined`. */
  get(message: ChatMessageLike): number | undefined {
    const remembered = this.#messages.get(message);
    return remembered !== undefined && sameFields(remembered, message) ? remembered.tokens : undefined;
  }

  /** Remembers the figure of a message with the fields it has now; returns the figure. */
  set(message: ChatMessageLike, tokens: number): number {
    this.#messages.set(message, {
      tokens,
      role: message.role,
      content: message.content,
      name: message.name,
      toolCalls: message.tool_calls ?? message.toolCalls,
      toolCallId: message.tool_call_id ?? message.toolCallId,
    });
    return tokens;
  }
}
