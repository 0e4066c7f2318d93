import type { ChatMessage, ResolvedModel } from '@aalis/api-llm';
import type { ToolDefinition } from '@aalis/api-tools';
import type { MessageSource } from '@aalis/schema-message';

/**
 * `agent:llm:before` — before every model call of a turn, including the calls after tool
 * results and format retries ([HK-3]). Middlewares may edit `messages` and `tools`.
 */
export interface AgentLlmBeforePayload {
  /** The assembled messages about to be sent (prompt contributions already materialised, [PRM-1]). */
  messages: ChatMessage[];
  /** The tools offered in this call. */
  tools: ToolDefinition[];
  /**
   * Whether the turn's model sees images itself: its registered `vision` capability (endpoint
   * report or per-model override). The same value as `ToolCallContext.acceptsImages`.
   */
  readonly acceptsImages: boolean;
  readonly sessionId: string;
  readonly turnId: string;
  /** The turn's input source, as `IncomingMessage.source`; absent for human turns. */
  readonly source?: MessageSource;
  /** The model about to be called. */
  readonly model: ResolvedModel;
  /** Whether deep thinking is on for this call. */
  readonly thinking: boolean;
  /** 0 for the first model call of the turn, then 1, 2, … */
  readonly iteration: number;
}
