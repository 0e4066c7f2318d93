import type { ChatMessageLike } from './chat-message';

/** The tool calls of a message in either shape, or `undefined` when it has none. */
export function toolCallsOf(message: ChatMessageLike): readonly unknown[] | undefined {
  const calls = message.tool_calls ?? message.toolCalls;
  return Array.isArray(calls) && calls.length > 0 ? calls : undefined;
}

/** The id of the tool call a tool result answers, in either shape. */
export function toolCallIdOf(message: ChatMessageLike): string | undefined {
  const id = message.tool_call_id ?? message.toolCallId;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

/** Whether the message is an assistant message carrying tool calls. */
export function hasToolCalls(message: ChatMessageLike): boolean {
  return toolCallsOf(message) !== undefined;
}

function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? '';
}

/**
 * The tool calls as compact JSON of the Chat Completions wire shape
 * (`[{"id":…,"type":"function","function":{"name":…,"arguments":"…"}}]`), whichever shape the
 * message used, so that both shapes count the same.
 */
export function toolCallsJson(calls: readonly unknown[]): string {
  const wire = calls.map((call) => {
    const record = (typeof call === 'object' && call !== null ? call : {}) as Record<string, unknown>;
    const fn = (
      typeof record.function === 'object' && record.function !== null ? record.function : record
    ) as Record<string, unknown>;
    return {
      id: typeof record.id === 'string' ? record.id : '',
      type: 'function',
      function: { name: typeof fn.name === 'string' ? fn.name : '', arguments: argumentsText(fn.arguments) },
    };
  });
  return JSON.stringify(wire);
}
