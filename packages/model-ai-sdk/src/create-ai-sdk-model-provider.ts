import {
  ChatAbortedError,
  type ChatRequest,
  type ChatResponse,
  type ModelCapabilities,
  ModelNotFoundError,
  mergeModelCapabilities,
} from '@aalis/api-llm';
import {
  chatWithRetries,
  createModelCatalog,
  DEFAULT_MODEL_CAPABILITIES,
  retryPolicy,
} from '@aalis/model-provider-utils';
import type { AiSdkModelConfig } from './ai-sdk-model-config';
import type { AiSdkModelProvider } from './ai-sdk-model-provider';
import type { AiSdkModelProviderOptions } from './ai-sdk-model-provider-options';
import { assertLanguageModel } from './assert-language-model';
import { classifyFailure } from './classify-failure';
import { knownModelCapabilities } from './known-model-capabilities';
import { streamReply } from './stream-reply';
import { toCallOptions } from './to-call-options';

function validatedName(name: unknown): string {
  if (typeof name !== 'string' || name.length === 0 || name.includes('/')) {
    throw new TypeError('name must be a non-empty string without "/"');
  }
  return name;
}

function validatedModels(models: unknown): readonly AiSdkModelConfig[] {
  if (!Array.isArray(models)) throw new TypeError('models must list at least one model');
  models.forEach((config: unknown, index) => {
    const model =
      typeof config === 'object' && config !== null ? (config as { model?: unknown }).model : undefined;
    assertLanguageModel(model, `models[${index}].model`);
  });
  return models as readonly AiSdkModelConfig[];
}

function modelName(config: AiSdkModelConfig): string {
  return config.name ?? config.model.modelId;
}

/** The configured capabilities over the known family's over the defaults. */
function configuredCapabilities(config: AiSdkModelConfig): ModelCapabilities {
  const known = { ...DEFAULT_MODEL_CAPABILITIES, ...knownModelCapabilities(config.model.modelId) };
  return mergeModelCapabilities(known, {
    vision: config.vision,
    toolCalls: config.toolCalls,
    thinking: config.thinking,
    contextWindow: config.contextWindow,
    maxOutputTokens: config.maxOutputTokens,
  });
}

/**
 * A model service over AI SDK language models (`@ai-sdk/anthropic`, `@ai-sdk/google`, Bedrock,
 * Mistral, …), each called through its `doStream`.
 *
 * - `resolveModel(ref)` accepts `name/model` or the bare model id, and the default model
 *   without `ref`; it resolves `undefined` for a model that is not configured ([OUT-2]).
 *   Capabilities are the configured ones, else the known family's, else defaults, with
 *   `capabilityOverrides` applied ([HK-3]).
 * - `chat(request)` streams the reply, reporting text, reasoning and tool-call deltas to
 *   `onDelta` as they arrive, and resolves with the assembled response, with
 *   `usage.promptTokens` from the model's input token total ([USG-2]). It rejects with
 *   `ChatAbortedError` (cause: `signal.reason`) as soon as the signal aborts, also when the
 *   model ignores the signal ([ABT-1]); with `ModelNotFoundError` for a model of another
 *   provider; with `ChatFailedError` whose cause is a `ModelProviderError` when the model fails
 *   after the retries (429, 5xx, errors in the stream, network failures and streams cut off
 *   before their finish, retried with backoff while no delta was reported).
 *
 * Throws a `TypeError` for invalid options, among them a model object of another specification
 * version than `v3` or `v4`.
 */
export function createAiSdkModelProvider(options: AiSdkModelProviderOptions): AiSdkModelProvider {
  const name = validatedName(options.name);
  const policy = retryPolicy(options);
  const catalog = createModelCatalog({
    providerName: name,
    models: validatedModels(options.models),
    defaultModel: options.defaultModel,
    capabilityOverrides: options.capabilityOverrides,
    nameOf: modelName,
    capabilitiesOf: configuredCapabilities,
  });

  async function chat(request: ChatRequest): Promise<ChatResponse> {
    const { signal } = request;
    if (signal?.aborted) throw new ChatAbortedError({ cause: signal.reason });
    const entry = catalog.entryFor(request.model);
    if (entry === undefined) throw new ModelNotFoundError(request.model.ref);
    const { model } = entry.config;
    const callOptions = toCallOptions(request, entry);
    return chatWithRetries(
      {
        model: entry.resolved.model,
        signal,
        onDelta: request.onDelta,
        send: (onDelta) => streamReply({ model, callOptions, signal, onDelta }),
        classify: classifyFailure,
      },
      policy,
    );
  }

  return {
    name,
    listModels: () => catalog.list(),
    resolveModel: async (ref) => catalog.resolve(ref)?.resolved,
    chat,
  };
}
