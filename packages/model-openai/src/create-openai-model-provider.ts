import { ChatAbortedError, type ChatRequest, type ChatResponse, ModelNotFoundError } from '@aalis/api-llm';
import { createModelCatalog, nonNegativeOption, retryPolicy } from '@aalis/model-provider-utils';
import { chatWithRetries } from './chat-with-retries';
import { createOpenAIClient } from './create-openai-client';
import { openAIModelCapabilities } from './openai-model-capabilities';
import type { OpenAIModelProvider } from './openai-model-provider';
import type { OpenAIModelProviderOptions } from './openai-model-provider-options';
import { toChatCompletionBody } from './to-chat-completion-body';

const defaultBaseURL = 'https://api.openai.com/v1';
/** How long a streamed body may stay silent unless `idleTimeout` says otherwise. */
export const DEFAULT_IDLE_TIMEOUT = 120_000;

function validatedName(name: string | undefined): string {
  if (name === undefined) return 'openai';
  if (typeof name !== 'string' || name.length === 0 || name.includes('/')) {
    throw new TypeError('name must be a non-empty string without "/"');
  }
  return name;
}

function validatedBaseURL(baseURL: string | undefined): string {
  const value = baseURL ?? defaultBaseURL;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(`baseURL must be an http(s) URL, got "${value}"`);
  }
  return value;
}

/**
 * A model service for an OpenAI-compatible endpoint (OpenAI, DeepSeek, Ollama, vLLM, …) on
 * the official `openai` SDK.
 *
 * - `resolveModel(ref)` accepts `name/model` or the bare model id, and the default model
 *   without `ref`; it resolves `undefined` for a model that is not configured ([OUT-2]).
 *   Capabilities are the configured ones with `capabilityOverrides` applied ([HK-3]).
 * - `chat(request)` streams the reply, reporting text, reasoning and tool-call deltas to
 *   `onDelta` as they arrive, and resolves with the assembled response, with
 *   `usage.promptTokens` from the final usage chunk when the endpoint sent one ([USG-2]).
 *   It rejects with `ChatAbortedError` (cause: `signal.reason`) when the signal aborts,
 *   stopping the request at once ([ABT-1]); with `ModelNotFoundError` for a model of another
 *   provider; with `ChatFailedError` whose cause is a `ModelProviderError` when the endpoint
 *   fails after the retries (429, 5xx, errors in the stream, network failures, a body silent
 *   for `idleTimeout` and a stream cut off before its finish, retried with backoff while no
 *   delta was reported).
 *
 * Throws a `TypeError` for invalid options.
 */
export function createOpenAIModelProvider(options: OpenAIModelProviderOptions): OpenAIModelProvider {
  const name = validatedName(options.name);
  const policy = retryPolicy(options);
  const idleTimeout = nonNegativeOption('idleTimeout', options.idleTimeout, DEFAULT_IDLE_TIMEOUT);
  const catalog = createModelCatalog({
    providerName: name,
    models: options.models,
    defaultModel: options.defaultModel,
    capabilityOverrides: options.capabilityOverrides,
    nameOf: (config) => config.name,
    capabilitiesOf: openAIModelCapabilities,
  });
  const client = createOpenAIClient({
    baseURL: validatedBaseURL(options.baseURL),
    apiKey: options.apiKey,
    timeout: options.timeout === undefined ? undefined : nonNegativeOption('timeout', options.timeout, 0),
    headers: options.headers,
    fetch: options.fetch,
  });

  async function chat(request: ChatRequest): Promise<ChatResponse> {
    if (request.signal?.aborted) throw new ChatAbortedError({ cause: request.signal.reason });
    const entry = catalog.entryFor(request.model);
    if (entry === undefined) throw new ModelNotFoundError(request.model.ref);
    const body = toChatCompletionBody(request, entry);
    const call = { client, body, signal: request.signal, onDelta: request.onDelta, idleTimeout };
    return chatWithRetries(call, policy);
  }

  return {
    name,
    listModels: () => catalog.list(),
    resolveModel: async (ref) => catalog.resolve(ref)?.resolved,
    chat,
  };
}
