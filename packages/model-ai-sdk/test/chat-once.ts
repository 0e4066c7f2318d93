import type { ChatDelta, ChatResponse, LlmService } from '@aalis/api-llm';

/** The question {@link chatOnce} asks. */
export const QUESTION = 'Why is the sky blue?';

/**
 * Calls the provider's default model once, outside any agent: one user message, thinking on,
 * each delta handed to `onDelta`.
 */
export async function chatOnce(
  provider: LlmService,
  options: { readonly onDelta?: (delta: ChatDelta) => void; readonly signal?: AbortSignal } = {},
): Promise<ChatResponse> {
  const model = await provider.resolveModel();
  if (model === undefined) throw new Error('the provider has no default model');
  return provider.chat({
    model,
    messages: [{ role: 'user', content: QUESTION }],
    thinking: true,
    ...options,
  });
}
