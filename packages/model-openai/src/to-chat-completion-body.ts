import type { ChatRequest } from '@aalis/api-llm';
import type { CatalogEntry as GenericCatalogEntry } from '@aalis/model-provider-utils';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { OpenAIModelConfig, ThinkingParameters } from './openai-model-config';
import { isReasoningModelName } from './reasoning-model-name';
import { toOpenAIMessage } from './to-openai-message';

/** A configured model of this provider with its registered capabilities. */
type CatalogEntry = GenericCatalogEntry<OpenAIModelConfig>;

/** The thinking parameters of a model whose configuration names none. */
export const REASONING_EFFORT_PARAMETERS: ThinkingParameters = Object.freeze({
  on: Object.freeze({ reasoning_effort: 'high' }),
  off: Object.freeze({ reasoning_effort: 'low' }),
});

/** A streaming chat-completions body, with whatever extra fields the model's configuration adds. */
export type ChatCompletionBody = ChatCompletionCreateParamsStreaming & Record<string, unknown>;

function thinkingFields(request: ChatRequest, entry: CatalogEntry): Readonly<Record<string, unknown>> {
  if (request.thinking === undefined || !request.model.capabilities.thinking) return {};
  const parameters = entry.config.thinkingParameters ?? REASONING_EFFORT_PARAMETERS;
  return (request.thinking ? parameters.on : parameters.off) ?? {};
}

function maxTokensFields(request: ChatRequest, entry: CatalogEntry): Readonly<Record<string, number>> {
  const maxTokens = request.maxTokens ?? entry.configuredMaxTokens;
  if (maxTokens === undefined) return {};
  const field =
    entry.config.maxTokensParameter ??
    (isReasoningModelName(entry.config.name) ? 'max_completion_tokens' : 'max_tokens');
  return { [field]: maxTokens };
}

function toolFields(request: ChatRequest): Pick<ChatCompletionCreateParamsStreaming, 'tools'> {
  const tools = request.tools ?? [];
  if (tools.length === 0 || !request.model.capabilities.toolCalls) return {};
  return {
    tools: tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: { ...tool.parameters } },
    })),
  };
}

/**
 * The chat-completions body of a request: messages and tools mapped to the wire format,
 * `stream: true` with `stream_options.include_usage` so the last chunk carries usage, the
 * reply limit (the request's, else one configured for the model, else none), the
 * temperature when given, the thinking parameters when the request sets `thinking` and the
 * model has the capability, then the model's `extraBody`.
 */
export function toChatCompletionBody(request: ChatRequest, entry: CatalogEntry): ChatCompletionBody {
  const vision = request.model.capabilities.vision;
  return {
    model: entry.config.name,
    messages: request.messages.map((message) => toOpenAIMessage(message, { vision })),
    stream: true,
    stream_options: { include_usage: true },
    ...toolFields(request),
    ...maxTokensFields(request, entry),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...thinkingFields(request, entry),
    ...entry.config.extraBody,
  };
}
