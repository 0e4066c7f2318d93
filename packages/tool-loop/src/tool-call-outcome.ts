import type { ChatMessage } from '@aalis/api-llm';

/** What one tool call left: the result the model reads and what is persisted with it. */
export interface ToolCallOutcome {
  /** The model's id of the call. */
  readonly toolCallId: string;
  /** The agent's own id of the call ([TID-3]). */
  readonly callId: string;
  /** The (truncated) result text. */
  readonly content: string;
  /** What `agent:tool:after` collected ([ARC-4]); empty for calls that failed before running. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The `tool` message the model sees. */
  readonly message: ChatMessage;
}
