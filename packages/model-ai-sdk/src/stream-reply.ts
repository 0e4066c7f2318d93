import type { ChatDelta, ChatResponse } from '@aalis/api-llm';
import type { AiSdkLanguageModel } from './ai-sdk-language-model';
import type { StreamPart } from './create-reply-builder';
import { raceAbort } from './race-abort';
import { readModelStream } from './read-model-stream';
import type { CallOptions } from './to-call-options';

/** One request to a model, as the retry loop sends it. */
export interface StreamReplyOptions {
  readonly model: AiSdkLanguageModel;
  readonly callOptions: CallOptions;
  readonly signal: AbortSignal | undefined;
  readonly onDelta: (delta: ChatDelta) => void;
}

type StreamResult = { readonly stream: ReadableStream<StreamPart> };

/**
 * Calls `model.doStream` once and reads its stream into a response. The wait for the stream
 * races the signal ([ABT-1]); a stream that arrives after an abort is cancelled.
 */
export async function streamReply(options: StreamReplyOptions): Promise<ChatResponse> {
  const { model, signal } = options;
  const started: Promise<StreamResult> = Promise.resolve().then(() =>
    model.doStream(options.callOptions as never),
  );
  const result = await raceAbort(started, signal, (late) => {
    late.stream.cancel().catch(() => {});
  });
  return readModelStream({ stream: result.stream, signal, onDelta: options.onDelta });
}
