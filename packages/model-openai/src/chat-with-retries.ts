import type { ChatDelta, ChatResponse } from '@aalis/api-llm';
import { type RetryPolicy, chatWithRetries as retried } from '@aalis/model-provider-utils';
import type OpenAI from 'openai';
import { classifyFailure } from './classify-failure';
import { readChatResponse } from './read-chat-response';
import type { ChatCompletionBody } from './to-chat-completion-body';

/** One model call as the retry loop sends it. */
export interface ChatCall {
  readonly client: OpenAI;
  readonly body: ChatCompletionBody;
  readonly signal?: AbortSignal;
  readonly onDelta?: (delta: ChatDelta) => void;
  /** Milliseconds the response body may stay silent; 0 waits for ever. */
  readonly idleTimeout: number;
}

/**
 * Sends a chat completion through the shared retry loop of `@aalis/model-provider-utils`
 * (the retry rules are documented there): the SDK sends the request and fails on an HTTP error
 * status; the body is read here, so that `error:` lines, keep-alive comments and silence
 * between chunks are seen.
 */
export function chatWithRetries(call: ChatCall, policy: RetryPolicy): Promise<ChatResponse> {
  const { client, body, signal, idleTimeout } = call;
  return retried(
    {
      model: body.model,
      signal,
      onDelta: call.onDelta,
      send: async (onDelta) => {
        const answer = await client.chat.completions.create(body, { signal: signal ?? null }).asResponse();
        return readChatResponse(answer, { idleTimeout, onDelta });
      },
      classify: classifyFailure,
    },
    policy,
  );
}
