import type { ChatMessageLike } from './chat-message';
import { hasToolCalls } from './message-fields';

/** A run of messages that trimming keeps or drops as a whole. */
export interface MessageGroup {
  /** Index of the group's first message. */
  readonly start: number;
  /** Index after the group's last message. */
  end: number;
  /** Whether the group is an assistant message with tool calls and the tool results after it. */
  readonly toolCalls: boolean;
}

/**
 * Splits messages into groups in one pass: an assistant message with tool calls and the `tool`
 * messages right after it form one group [USG-9]; every other message is a group of its own
 * (a `tool` message with no tool call before it included).
 */
export function groupMessages(messages: readonly ChatMessageLike[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  let open: MessageGroup | undefined;
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index]!;
    if (open !== undefined && message.role === 'tool') {
      open.end = index + 1;
      continue;
    }
    const group: MessageGroup = { start: index, end: index + 1, toolCalls: hasToolCalls(message) };
    groups.push(group);
    open = group.toolCalls ? group : undefined;
  }
  return groups;
}
