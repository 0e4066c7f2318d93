import type { ChatMessage, ChatResponse } from '@aalis/api-llm';

/** `agent:llm:after` — after every model call that returned ([HK-4]). */
export interface AgentLlmAfterPayload {
  /** What the model returned; a middleware may replace it. */
  response: ChatResponse;
  /** The messages that were sent. */
  readonly messages: readonly ChatMessage[];
  readonly sessionId: string;
  readonly turnId: string;
  /** The same as `iteration` of the matching `agent:llm:before`. */
  readonly iteration: number;
}
