/** Limits of one turn's body that are not session settings. */
export interface ToolLoopLimits {
  /** How many tool calls of one model response run at the same time. Default 4. */
  readonly toolConcurrency: number;
  /**
   * The most characters of one tool result handed to the model and persisted; longer results
   * are cut and end with a truncation marker. Default 16,000.
   */
  readonly maxToolResultChars: number;
  /** The most format retries `agent:reply:before` may ask for in one turn ([HK-7]). Default 2. */
  readonly maxFormatRetries: number;
}

/** The limits used when a `ToolLoopLimits` field is not given. */
export const DEFAULT_TOOL_LOOP_LIMITS: ToolLoopLimits = Object.freeze({
  toolConcurrency: 4,
  maxToolResultChars: 16_000,
  maxFormatRetries: 2,
});
