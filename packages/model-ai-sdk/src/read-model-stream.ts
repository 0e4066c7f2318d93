import type { ChatDelta, ChatResponse } from '@aalis/api-llm';
import { createReplyBuilder, type StreamPart } from './create-reply-builder';
import { raceAbort } from './race-abort';

/** Options of {@link readModelStream}. */
export interface ReadModelStreamOptions {
  readonly stream: ReadableStream<StreamPart>;
  readonly signal: AbortSignal | undefined;
  readonly onDelta: (delta: ChatDelta) => void;
}

/**
 * Reads a `doStream` stream to its end into a response, reporting deltas as they come. Every
 * read races the signal, so a stream that ignores it still cannot hold the call ([ABT-1]); the
 * stream is cancelled when reading stops early (abort, an `error` part, a throw of `onDelta`).
 */
export async function readModelStream(options: ReadModelStreamOptions): Promise<ChatResponse> {
  const reader = options.stream.getReader();
  const reply = createReplyBuilder(options.onDelta);
  let ended = false;
  try {
    for (;;) {
      const next = await raceAbort(reader.read(), options.signal);
      if (next.done) break;
      reply.add(next.value);
    }
    ended = true;
  } finally {
    if (!ended) reader.cancel().catch(() => {});
  }
  return reply.finish();
}
