/**
 * Body parameters that switch a model's deep thinking on and off. They are merged into the
 * request when `ChatRequest.thinking` is `true` (`on`) or `false` (`off`); nothing is sent
 * when the request leaves `thinking` unset. Examples: `{ on: { reasoning_effort: 'high' },
 * off: { reasoning_effort: 'low' } }` (OpenAI o-series and gpt-5, the default),
 * `{ on: { enable_thinking: true }, off: { enable_thinking: false } }` (Qwen 3 on DashScope;
 * on vLLM the same inside `chat_template_kwargs`), `{ on: { reasoning_effort: 'high' },
 * off: { reasoning_effort: 'none' } }` (Ollama, where `none` turns thinking off).
 */
export interface ThinkingParameters {
  readonly on?: Readonly<Record<string, unknown>>;
  readonly off?: Readonly<Record<string, unknown>>;
}

/**
 * One model the endpoint serves. Every capability left out gets a default: no vision, tool
 * calls, deep thinking for o-series and gpt-5 names (or when `thinkingParameters` is given),
 * a 128,000-token context window and 4,096 reply tokens.
 */
export interface OpenAIModelConfig {
  /** The model id the endpoint knows, e.g. `gpt-4o-mini`, `deepseek-chat`, `llama3.1:8b`. */
  readonly name: string;
  /** The context window in tokens (input and output together). */
  readonly contextWindow?: number;
  /** The most tokens one reply may have; also sent as the default reply limit. */
  readonly maxOutputTokens?: number;
  /** Whether the model can see images; images of a model without vision are not sent. */
  readonly vision?: boolean;
  /** Whether the model can call tools; tools offered to a model without it are not sent. */
  readonly toolCalls?: boolean;
  /** Whether the model has a deep-thinking mode. */
  readonly thinking?: boolean;
  /** How `ChatRequest.thinking` is put into the request body; see {@link ThinkingParameters}. */
  readonly thinkingParameters?: ThinkingParameters;
  /**
   * The body field of the reply limit: `max_completion_tokens` for o-series and gpt-5 names
   * (OpenAI refuses `max_tokens` there), `max_tokens` otherwise (what most compatible servers
   * read).
   */
  readonly maxTokensParameter?: 'max_tokens' | 'max_completion_tokens';
  /**
   * Extra fields merged last into every request body for this model (server-specific
   * options such as vLLM's `top_k`); they win over the fields this provider sets.
   */
  readonly extraBody?: Readonly<Record<string, unknown>>;
}
