import type { ChatDelta, ChatResponse } from '@aalis/api-llm';
import { ModelInvalidResponseError } from '@aalis/model-provider-utils';
import { jsonAnswerFailure } from './json-answer-failure';
import { readChatStream } from './read-chat-stream';
import { readServerSentEvents } from './read-server-sent-events';
import { readTextWithIdleTimeout } from './read-text-with-idle-timeout';

/** Options of {@link readChatResponse}. */
export interface ReadChatResponseOptions {
  /** Milliseconds the body may stay silent between pieces; 0 waits for ever. */
  readonly idleTimeout: number;
  readonly onDelta?: (delta: ChatDelta) => void;
}

/** How much of a JSON answer is read to find its error message. */
const JSON_ANSWER_LIMIT = 64 * 1024;

async function leadingText(body: ReadableStream<Uint8Array>, idleTimeout: number): Promise<string> {
  let text = '';
  for await (const piece of readTextWithIdleTimeout(body, { idleTimeout })) {
    text += piece;
    if (text.length >= JSON_ANSWER_LIMIT) break;
  }
  return text;
}

/**
 * Reads the successful (2xx) response of a stream request: an event stream through
 * `readChatStream`; a JSON answer (`application/json` or `+json`) is read far enough to fail
 * with the server's message or a clear `ModelInvalidResponseError`. The idle timeout applies
 * while the body is read.
 */
export async function readChatResponse(
  response: Response,
  options: ReadChatResponseOptions,
): Promise<ChatResponse> {
  const contentType = response.headers.get('content-type') ?? undefined;
  if (response.body === null) throw new ModelInvalidResponseError('the endpoint answered without a body');
  if (contentType !== undefined && /[/+]json\b/.test(contentType)) {
    throw jsonAnswerFailure(await leadingText(response.body, options.idleTimeout), contentType);
  }
  const events = readServerSentEvents(response.body, { idleTimeout: options.idleTimeout });
  return readChatStream(events, { onDelta: options.onDelta, contentType });
}
