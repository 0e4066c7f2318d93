import type { MessageTokens, ToolCall } from '@aalis/schema-message';

/**
 * Token figures of one call as the endpoint reported them. `promptTokens` is the input
 * usage the agent reports in `token:usage` when it is a positive finite number; otherwise
 * the agent estimates ([USG-2]).
 */
export type ChatUsage = MessageTokens;

/** Why the model stopped. */
export type ChatFinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'other';

/** The result of one model call. */
export interface ChatResponse {
  /** The reply text (may be empty when the model only called tools). */
  readonly content: string;
  /** Tool calls the model asked for; empty when none. */
  readonly toolCalls: readonly ToolCall[];
  /** Reasoning text, for models that return it. */
  readonly reasoning?: string;
  /** Usage as reported by the endpoint; absent when it reported none. */
  readonly usage?: ChatUsage;
  readonly finishReason?: ChatFinishReason;
}
