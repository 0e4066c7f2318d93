import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import type { ChatMessageLike } from '../src/index';

/** Parses tool-call arguments into the object LangChain keeps. */
function argumentsObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string')
    return value.length > 0 ? (JSON.parse(value) as Record<string, unknown>) : {};
  return (value ?? {}) as Record<string, unknown>;
}

function toolCallsOf(message: ChatMessageLike) {
  const wire = message.tool_calls?.map((call) => ({
    id: call.id ?? '',
    name: call.function.name,
    args: argumentsObject(call.function.arguments),
  }));
  const camel = message.toolCalls?.map((call) => ({
    id: call.id ?? '',
    name: call.name,
    args: argumentsObject(call.arguments),
  }));
  return (wire ?? camel ?? []).map((call) => ({ ...call, type: 'tool_call' as const }));
}

function contentOf(message: ChatMessageLike) {
  if (typeof message.content === 'string') return message.content;
  if (Array.isArray(message.content)) {
    return message.content.map((part) =>
      part.type === 'text'
        ? { type: 'text' as const, text: part.text ?? '' }
        : { type: 'image_url' as const, image_url: part.image_url as { url: string } },
    );
  }
  return '';
}

/**
 * The same history as LangChain messages. Each carries the index of its plain counterpart as
 * its `id`, which LangChain keeps when it copies messages, so a token counter can look the
 * plain message up and count exactly what our counter counts.
 */
export function toLangchainHistory(history: readonly ChatMessageLike[]): BaseMessage[] {
  return history.map((message, index) => {
    const id = String(index);
    const name = message.name ?? undefined;
    switch (message.role) {
      case 'system':
        return new SystemMessage({ id, content: contentOf(message) as string });
      case 'assistant':
        return new AIMessage({
          id,
          name,
          content: contentOf(message) as string,
          tool_calls: toolCallsOf(message),
        });
      case 'tool':
        return new ToolMessage({
          id,
          content: contentOf(message) as string,
          tool_call_id: message.tool_call_id ?? message.toolCallId ?? '',
        });
      default:
        return new HumanMessage({ id, name, content: contentOf(message) });
    }
  });
}
