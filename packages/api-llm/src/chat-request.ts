import type { ChatDelta } from './chat-delta';
import type { ChatMessage } from './chat-message';
import type { ChatToolDefinition } from './chat-tool-definition';
import type { ResolvedModel } from './resolved-model';

/** One model call. */
export interface ChatRequest {
  /** The model to call, as returned by `LlmService.resolveModel`. */
  readonly model: ResolvedModel;
  readonly messages: readonly ChatMessage[];
  /** Tools the model may call; absent or empty: none. */
  readonly tools?: readonly ChatToolDefinition[];
  /** Deep thinking on or off (session setting, [SET-2]); ignored by models without it. */
  readonly thinking?: boolean;
  /** Upper bound of reply tokens; defaults to the model's `maxOutputTokens`. */
  readonly maxTokens?: number;
  readonly temperature?: number;
  /**
   * Cancels the call ([ABT-1]): the provider stops the request and rejects with
   * `ChatAbortedError`.
   */
  readonly signal?: AbortSignal;
  /** Called with each streamed delta, in order, before the call resolves. */
  readonly onDelta?: (delta: ChatDelta) => void;
}
