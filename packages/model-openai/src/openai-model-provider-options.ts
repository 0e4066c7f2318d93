import type { ModelCapabilityOverrides } from '@aalis/api-llm';
import type { ModelProviderError } from './model-provider-error';
import type { OpenAIModelConfig } from './openai-model-config';

/** What {@link OpenAIModelProviderOptions.onRetry} is told before each retry. */
export interface RetryEvent {
  /** The model id of the call. */
  readonly model: string;
  /** Which retry this is: 1 for the second request of the call, 2 for the third, … */
  readonly retry: number;
  /** How long the provider waits before sending it, in milliseconds. */
  readonly delay: number;
  /** The failure of the previous request. */
  readonly error: ModelProviderError;
}

/** What `createOpenAIModelProvider` takes. */
export interface OpenAIModelProviderOptions {
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
  /** Retries after a 429, a 5xx or a network failure; 0 disables them. Defaults to 2. */
  readonly maxRetries?: number;
  /**
   * The first retry's delay in milliseconds before jitter; each further retry doubles it.
   * Defaults to 500. A `retry-after` header of at most 60 seconds is honoured instead.
   */
  readonly retryBaseDelay?: number;
  /** The longest backoff delay in milliseconds. Defaults to 8,000. */
  readonly retryMaxDelay?: number;
  /** Called before each retry (for logging). */
  readonly onRetry?: (event: RetryEvent) => void;
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
