import type { ChatRequest } from '@aalis/api-llm';
import type { CatalogEntry } from '@aalis/model-provider-utils';
import type {
  JSONSchema7,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import type { LanguageModelV4CallOptionsShape } from './ai-sdk-language-model';
import type { AiSdkModelConfig } from './ai-sdk-model-config';
import { defaultThinkingOptions } from './default-thinking-options';
import { toLanguageModelPrompt } from './to-language-model-prompt';

/** The options of one `doStream` call, for either specification version. */
export type CallOptions = LanguageModelV3CallOptions | LanguageModelV4CallOptionsShape;

function tools(request: ChatRequest): LanguageModelV3FunctionTool[] | undefined {
  const offered = request.tools ?? [];
  if (offered.length === 0 || !request.model.capabilities.toolCalls) return undefined;
  return offered.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: { ...tool.parameters } as JSONSchema7,
  }));
}

/** `providerOptions` with the thinking options merged in, one provider key at a time. */
function withThinking(
  base: SharedV3ProviderOptions | undefined,
  thinking: SharedV3ProviderOptions | undefined,
): SharedV3ProviderOptions | undefined {
  if (thinking === undefined) return base;
  const merged: SharedV3ProviderOptions = { ...base };
  for (const [key, value] of Object.entries(thinking)) merged[key] = { ...merged[key], ...value };
  return merged;
}

/**
 * Providers whose later calls of a tool loop are refused with thinking on unless the earlier
 * calls' signed thinking blocks come back with the tool calls — which a `ChatMessage` cannot
 * carry. Their tool loop thinks on its first call only.
 */
const signedThinkingProviders = new Set(['anthropic']);

/** Whether the request continues a tool loop: its last message is a tool result. */
function continuesToolLoop(request: ChatRequest): boolean {
  return request.messages.at(-1)?.role === 'tool';
}

function providerOptions(
  request: ChatRequest,
  config: AiSdkModelConfig,
): SharedV3ProviderOptions | undefined {
  if (request.thinking !== true || !request.model.capabilities.thinking) return config.providerOptions;
  const family = config.model.provider.split('.')[0] ?? '';
  if (signedThinkingProviders.has(family) && continuesToolLoop(request)) return config.providerOptions;
  const thinking = config.thinkingOptions ?? defaultThinkingOptions(config.model.provider);
  return withThinking(config.providerOptions, thinking);
}

/**
 * The `doStream` options of a request: the prompt for the model's specification version, the
 * tools (models with tool calls only), the reply limit (the request's, else the model's
 * `maxOutputTokens`), the temperature when given, the model's `providerOptions` with its
 * thinking options when the request sets `thinking: true` and the model can think (for
 * Anthropic models not on the calls that continue a tool loop, see `signedThinkingProviders`),
 * and the request's signal.
 */
export function toCallOptions(request: ChatRequest, entry: CatalogEntry<AiSdkModelConfig>): CallOptions {
  const { capabilities } = request.model;
  const options = providerOptions(request, entry.config);
  const offered = tools(request);
  return {
    prompt: toLanguageModelPrompt(request.messages, {
      vision: capabilities.vision,
      version: entry.config.model.specificationVersion,
    }),
    maxOutputTokens: request.maxTokens ?? capabilities.maxOutputTokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(offered === undefined ? {} : { tools: offered }),
    ...(options === undefined ? {} : { providerOptions: options }),
    ...(request.signal === undefined ? {} : { abortSignal: request.signal }),
  } as CallOptions;
}
