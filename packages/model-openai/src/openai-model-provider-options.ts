import type { ModelCapabilityOverrides } from '@aalis/api-llm';
import type { RetryOptions } from '@aalis/model-provider-utils';
import type { OpenAIModelConfig } from './openai-model-config';

/** What `createOpenAIModelProvider` takes. */
export interface OpenAIModelProviderOptions extends RetryOptions {
  /**
   * The provider's name: the first part of its model references (`openai/gpt-4o-mini`) and
   * its provider name in an app. Defaults to `openai`.
   */
  readonly name?: string;
  /**
   * The endpoint's base URL up to and including the version path, e.g.
   * `https://api.deepseek.com/v1` or `http://127.0.0.1:11434/v1`. Defaults to
   * `https://api.openai.com/v1`. Environment variables are never read here (see
   * `fromEnvironment`).
   */
  readonly baseURL?: string;
  /** Sent as a bearer token; leave it out for servers without authentication (Ollama, vLLM). */
  readonly apiKey?: string;
  /** The models the endpoint serves; at least one. */
  readonly models: readonly OpenAIModelConfig[];
  /** The model used when a caller names none; defaults to the first of `models`. */
  readonly defaultModel?: string;
  /**
   * Per-model capability overrides, keyed by model reference (`openai/gpt-4o`) or model id
   * (`gpt-4o`); the reference entry wins over the id entry, both over `models`. An override
   * `{ vision: true }` makes the agent hand the model images ([HK-3]).
   */
  readonly capabilityOverrides?: ModelCapabilityOverrides;
  /** Milliseconds to wait for the response headers of one request. Defaults to 10 minutes. */
  readonly timeout?: number;
  /**
   * Milliseconds the streamed body of one request may stay silent — before its first byte
   * and between any two (keep-alive comments count) — before the request fails with
   * `ModelNetworkError` (retried while nothing was reported). Defaults to 120,000 (2 minutes);
   * 0 turns it off. Raise it for local servers that read long prompts slowly.
   */
  readonly idleTimeout?: number;
  /** Extra headers sent with every request (e.g. `HTTP-Referer` for OpenRouter). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The `fetch` to send requests with; defaults to the global one. */
  readonly fetch?: typeof fetch;
}
