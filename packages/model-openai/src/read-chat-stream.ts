import type { ChatDelta, ChatResponse } from '@aalis/api-llm';
import {
  ModelInvalidResponseError,
  ModelNetworkError,
  type ModelProviderError,
  plainErrorText,
  serverErrorFrom,
} from '@aalis/model-provider-utils';
import { createReplyAccumulator, type ReplyAccumulator } from './create-reply-accumulator';
import { isRecord } from './is-record';
import type { ServerSentEvent } from './server-sent-event-decoder';
import { streamErrorOf } from './stream-error-of';

/** Options of {@link readChatStream}. */
export interface ReadChatStreamOptions {
  /** Called with each delta as its chunk arrives. */
  readonly onDelta?: (delta: ChatDelta) => void;
  /** The response's content type, named when the body held no event at all. */
  readonly contentType?: string;
}

interface StreamEnd {
  readonly done: boolean;
  readonly events: number;
  readonly reply: ReplyAccumulator;
  readonly contentType: string | undefined;
}

function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const excerpt = plainErrorText(text, { limit: 120 });
    throw new ModelInvalidResponseError(`the model endpoint sent data that is not JSON: ${excerpt}`, {
      cause: error,
    });
  }
}

/** The failure an `error:` line or an `event: error` event reports, with the server's message. */
function errorEventFailure(event: ServerSentEvent): ModelProviderError {
  try {
    return serverErrorFrom(JSON.parse(event.text));
  } catch {
    return serverErrorFrom(event.text);
  }
}

/** Throws when the stream ended without saying it was finished. */
function assertFinished(end: StreamEnd): void {
  const { reply } = end;
  if (end.done) {
    if (reply.chunkCount() === 0)
      throw new ModelInvalidResponseError('the endpoint sent no chunk before [DONE]');
    return;
  }
  if (reply.finishReason() !== undefined) return;
  if (end.events === 0 && !(end.contentType ?? '').includes('text/event-stream')) {
    const type = end.contentType ?? 'no content type';
    throw new ModelInvalidResponseError(`the endpoint answered with ${type}, not an event stream`);
  }
  throw new ModelNetworkError(
    reply.chunkCount() === 0
      ? 'the stream ended before its first chunk'
      : 'the stream ended without a finish_reason or [DONE]: the reply is cut off',
  );
}

/**
 * Reads the server-sent events of a chat-completions stream into one response, reporting
 * deltas in arrival order (see `createReplyAccumulator`). Comment and empty events are
 * skipped; `[DONE]` ends the reading. A stream is finished by `[DONE]` or by a finish reason;
 * one that ends with neither throws `ModelNetworkError` (cut off, so retryable while nothing
 * was reported). An error object in the stream (`{ "error": … }`, a bare error, an `error:`
 * line or an `event: error` event) throws `ModelServerError` with the server's message; data
 * that is not JSON, a legacy completions chunk, `[DONE]` before any chunk, or a body without
 * any event that is not declared an event stream throws `ModelInvalidResponseError`.
 */
export async function readChatStream(
  events: AsyncIterable<ServerSentEvent>,
  options: ReadChatStreamOptions = {},
): Promise<ChatResponse> {
  const reply = createReplyAccumulator(options.onDelta);
  let count = 0;
  let done = false;
  for await (const event of events) {
    count += 1;
    if (event.field === 'error' || event.event === 'error') throw errorEventFailure(event);
    const text = event.text.trim();
    if (text === '') continue;
    if (text === '[DONE]') {
      done = true;
      break;
    }
    const chunk = parseData(text);
    const failure = streamErrorOf(chunk);
    if (failure !== undefined) throw failure;
    if (!isRecord(chunk))
      throw new ModelInvalidResponseError('the endpoint streamed a chunk that is not an object');
    reply.add(chunk);
  }
  assertFinished({ done, events: count, reply, contentType: options.contentType });
  return reply.finish();
}
