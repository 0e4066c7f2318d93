import type { ChatMessage } from '@aalis/api-llm';
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';

/** Options of {@link toOpenAIMessage}. */
export interface ToOpenAIMessageOptions {
  /** Whether the model sees images; without it, `images` are left out. */
  readonly vision: boolean;
}

function userContent(
  message: ChatMessage,
  options: ToOpenAIMessageOptions,
): string | ChatCompletionContentPart[] {
  const images = options.vision ? (message.images ?? []) : [];
  if (images.length === 0) return message.content;
  const parts: ChatCompletionContentPart[] = [];
  if (message.content.length > 0) parts.push({ type: 'text', text: message.content });
  for (const image of images) parts.push({ type: 'image_url', image_url: { url: image.url } });
  return parts;
}

/**
 * One Aalis chat message in the chat-completions wire format. Images go only into user
 * messages of a model with vision (the wire format has no image part elsewhere); an
 * assistant message with tool calls and no text sends `content: null`. Throws a
 * `TypeError` for a tool message without `toolCallId`.
 */
export function toOpenAIMessage(
  message: ChatMessage,
  options: ToOpenAIMessageOptions,
): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return { role: 'user', content: userContent(message, options) };
    case 'tool':
      if (message.toolCallId === undefined) throw new TypeError('a tool message needs its toolCallId');
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant': {
      const toolCalls = message.toolCalls ?? [];
      if (toolCalls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content.length > 0 ? message.content : null,
        tool_calls: toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      };
    }
    default:
      throw new TypeError(`unknown message role "${String((message as { role: unknown }).role)}"`);
  }
}
