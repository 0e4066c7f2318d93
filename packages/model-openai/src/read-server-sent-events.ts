import { type ReadTextWithIdleTimeoutOptions, readTextWithIdleTimeout } from './read-text-with-idle-timeout';
import { createServerSentEventDecoder, type ServerSentEvent } from './server-sent-event-decoder';

/**
 * The server-sent events of a response body, as they arrive; the idle timeout of
 * {@link readTextWithIdleTimeout} applies between pieces, and leaving early closes the
 * connection.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  options: ReadTextWithIdleTimeoutOptions,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const decoder = createServerSentEventDecoder();
  for await (const text of readTextWithIdleTimeout(body, options)) yield* decoder.push(text);
  yield* decoder.end();
}
