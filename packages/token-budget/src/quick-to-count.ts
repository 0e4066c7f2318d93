import type { ChatMessageLike } from './chat-message';

/**
 * The most characters a message may carry to be counted on the spot by the asynchronous
 * methods: even cold and of the costliest kind (random CJK, about 4 µs a character) that is a
 * few milliseconds, well within one slice.
 */
export const QUICK_COUNT_CHARACTERS = 1_024;

function argumentsLength(calls: unknown): number | undefined {
  if (calls === undefined || calls === null) return 0;
  if (!Array.isArray(calls)) return undefined;
  let length = 0;
  for (const call of calls) {
    const record = (typeof call === 'object' && call !== null ? call : {}) as Record<string, unknown>;
    const fn = (
      typeof record.function === 'object' && record.function !== null ? record.function : record
    ) as {
      arguments?: unknown;
    };
    if (typeof fn.arguments !== 'string' && fn.arguments !== undefined) return undefined;
    length += (fn.arguments ?? '').length;
  }
  return length;
}

/**
 * Whether a message is small enough to count synchronously inside an asynchronous count: string
 * content, and tool-call arguments as strings, of at most {@link QUICK_COUNT_CHARACTERS}
 * characters in all. Anything else (content parts, long texts) goes through the sliced path.
 */
export function isQuickToCount(message: ChatMessageLike): boolean {
  if (typeof message.content !== 'string' && message.content !== undefined && message.content !== null) {
    return false;
  }
  const calls = argumentsLength(message.tool_calls ?? message.toolCalls);
  if (calls === undefined) return false;
  return (message.content?.length ?? 0) + calls <= QUICK_COUNT_CHARACTERS;
}
