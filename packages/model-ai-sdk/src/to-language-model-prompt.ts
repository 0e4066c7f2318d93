import type { ChatMessage } from '@aalis/api-llm';
import type {
  LanguageModelV3FilePart,
  LanguageModelV3TextPart,
  LanguageModelV3ToolCallPart,
} from '@ai-sdk/provider';
import type {
  LanguageModelV4MessageShape,
  LanguageModelV4ToolResultPartShape,
} from './ai-sdk-language-model';
import { imageFilePart, type SpecificationVersion } from './image-file-part';

/**
 * A prompt message of either specification version: they differ only in the file parts of
 * user messages, which {@link imageFilePart} builds for the model's version.
 */
export type PromptMessage =
  | LanguageModelV4MessageShape
  | { readonly role: 'user'; readonly content: Array<LanguageModelV3TextPart | LanguageModelV3FilePart> };

/** Options of {@link toLanguageModelPrompt}. */
export interface PromptOptions {
  /** Whether the model sees images; without it, `images` are left out ([HK-3]). */
  readonly vision: boolean;
  readonly version: SpecificationVersion;
}

/** A tool call's arguments as the prompt wants them: the JSON object, else `{}` (as the AI SDK sends invalid input). */
function toolInput(argumentsText: string): unknown {
  try {
    const value: unknown = JSON.parse(argumentsText);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function userMessage(message: ChatMessage, options: PromptOptions): PromptMessage {
  const images = options.vision ? (message.images ?? []) : [];
  const text: LanguageModelV3TextPart[] =
    message.content.length > 0 || images.length === 0 ? [{ type: 'text', text: message.content }] : [];
  const files = images.map((image) => imageFilePart(image, options.version));
  return { role: 'user', content: [...text, ...files] } as PromptMessage;
}

function assistantMessage(message: ChatMessage): PromptMessage {
  const calls = (message.toolCalls ?? []).map(
    (call): LanguageModelV3ToolCallPart => ({
      type: 'tool-call',
      toolCallId: call.id,
      toolName: call.name,
      input: toolInput(call.arguments),
    }),
  );
  const text: LanguageModelV3TextPart[] =
    message.content.length > 0 || calls.length === 0 ? [{ type: 'text', text: message.content }] : [];
  return { role: 'assistant', content: [...text, ...calls] };
}

function toolResultPart(
  message: ChatMessage,
  toolNames: ReadonlyMap<string, string>,
): LanguageModelV4ToolResultPartShape {
  const { toolCallId } = message;
  if (toolCallId === undefined) throw new TypeError('a tool message needs its toolCallId');
  const toolName = toolNames.get(toolCallId);
  if (toolName === undefined) {
    throw new TypeError(
      `the tool message answers call "${toolCallId}", which no earlier assistant message made`,
    );
  }
  return { type: 'tool-result', toolCallId, toolName, output: { type: 'text', value: message.content } };
}

/** Adds a tool result to the last message when it is a tool message, else as a new one. */
function appendToolResult(prompt: PromptMessage[], part: LanguageModelV4ToolResultPartShape): void {
  const last = prompt.at(-1);
  if (last?.role === 'tool') last.content.push(part);
  else prompt.push({ role: 'tool', content: [part] });
}

/**
 * Aalis chat messages as an AI SDK prompt: system text; user text with images as `file` parts
 * (models with vision only); assistant text with `tool-call` parts whose `input` is the parsed
 * arguments; tool messages as `tool-result` parts with text output, named after the assistant
 * call they answer, consecutive ones in one tool message. Throws a `TypeError` for a tool
 * message without `toolCallId` or answering no earlier call, and for an unknown role.
 */
export function toLanguageModelPrompt(
  messages: readonly ChatMessage[],
  options: PromptOptions,
): PromptMessage[] {
  const toolNames = new Map<string, string>();
  const prompt: PromptMessage[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        prompt.push({ role: 'system', content: message.content });
        break;
      case 'user':
        prompt.push(userMessage(message, options));
        break;
      case 'assistant':
        for (const call of message.toolCalls ?? []) toolNames.set(call.id, call.name);
        prompt.push(assistantMessage(message));
        break;
      case 'tool':
        appendToolResult(prompt, toolResultPart(message, toolNames));
        break;
      default:
        throw new TypeError(`unknown message role "${String((message as { role: unknown }).role)}"`);
    }
  }
  return prompt;
}
