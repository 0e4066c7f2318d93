import { ModelNetworkError } from '@aalis/model-provider-utils';

/** Options of {@link readTextWithIdleTimeout}. */
export interface ReadTextWithIdleTimeoutOptions {
  /** Milliseconds the body may stay silent before the read fails; 0 waits for ever. */
  readonly idleTimeout: number;
}

type BodyReader = ReadableStreamDefaultReader<Uint8Array>;
type ReadResult = Awaited<ReturnType<BodyReader['read']>>;

function readWithin(reader: BodyReader, idleTimeout: number): Promise<ReadResult> {
  if (idleTimeout === 0) return reader.read();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const span = idleTimeout % 1000 === 0 ? `${idleTimeout / 1000} s` : `${idleTimeout} ms`;
      reject(new ModelNetworkError(`the model endpoint sent nothing for ${span} (idleTimeout)`));
    }, idleTimeout);
    reader.read().then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Reads a response body as UTF-8 text in the pieces it arrives in (a character split
 * between two pieces is decoded whole). Each wait for the next piece — the first one
 * included — fails with `ModelNetworkError` after `idleTimeout` milliseconds without a byte;
 * its timer is cleared as soon as the piece arrives. When the reading stops before the end
 * (a timeout, an error, or the consumer leaving early) the body is cancelled, which closes
 * the connection.
 */
export async function* readTextWithIdleTimeout(
  body: ReadableStream<Uint8Array>,
  options: ReadTextWithIdleTimeoutOptions,
): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, options.idleTimeout);
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      if (text.length > 0) yield text;
    }
    finished = true;
    const rest = decoder.decode();
    if (rest.length > 0) yield rest;
  } finally {
    if (!finished) reader.cancel().catch(() => undefined);
  }
}
