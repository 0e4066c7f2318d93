/** What a model can do, as the model service registered it. */
export interface ModelCapabilities {
  /**
   * Whether the model can see images itself. The agent passes this as `acceptsImages` of
   * `agent:llm:before` and of the tool call context ([HK-3]).
   */
  readonly vision: boolean;
  /** Whether the model can call tools. */
  readonly toolCalls: boolean;
  /** Whether the model has a deep-thinking (reasoning) mode. */
  readonly thinking: boolean;
  /** The context window in tokens (input and output together). */
  readonly contextWindow: number;
  /** The most tokens one reply may have. */
  readonly maxOutputTokens: number;
}

/**
 * Per-model capability overrides of the model service's configuration (`modelCapabilities`):
 * model reference or model id → the capabilities to force, e.g.
 * `{ 'local/llava': { vision: true } }`.
 */
export type ModelCapabilityOverrides = Readonly<Record<string, Partial<ModelCapabilities>>>;
