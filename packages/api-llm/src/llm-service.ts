import type { ChatRequest } from './chat-request';
import type { ChatResponse } from './chat-response';
import type { ModelRef } from './model-ref';
import type { ResolvedModel } from './resolved-model';

/** The model service: resolves model references and calls models. */
export interface LlmService {
  /**
   * The model a reference names, with its registered capabilities (endpoint report merged
   * with the per-model overrides, see `mergeModelCapabilities`). Without `ref`: the default
   * model. Resolves with `undefined` when nothing matches; the agent then ends the turn with
   * the `[系统]` notice ([OUT-2]).
   */
  resolveModel(ref?: ModelRef): Promise<ResolvedModel | undefined>;
  /**
   * Calls the model. Streams deltas through `request.onDelta`, then resolves with the whole
   * response. Rejects with `ChatAbortedError` when `request.signal` aborts, with
   * `ChatFailedError` when the endpoint fails.
   */
  chat(request: ChatRequest): Promise<ChatResponse>;
}
