import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A promise with its resolve function, for waiting on events without sleeping. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

/** A promise resolved from outside. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** One request the server received. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The JSON body, parsed. */
  readonly body: Record<string, unknown>;
}

/** How the server answers one request. */
export type ScriptedReply = (request: IncomingMessage, response: ServerResponse) => void;

/** A local chat-completions server answering from a script, one reply per request. */
export interface ScriptedChatServer {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Requests that found no reply left in the script (answered with 500). */
  readonly unscripted: RecordedRequest[];
  /** Appends replies to the script. */
  script(...replies: ScriptedReply[]): void;
  /** Resolves when the server has received `count` requests in all. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 with a free port. */
export async function startScriptedChatServer(): Promise<ScriptedChatServer> {
  const requests: RecordedRequest[] = [];
  const unscripted: RecordedRequest[] = [];
  const replies: ScriptedReply[] = [];
  const waiters: { count: number; done: Deferred<void> }[] = [];
  const server = createServer((request, response) => {
    const pieces: Buffer[] = [];
    request.on('data', (piece: Buffer) => pieces.push(piece));
    request.on('end', () => {
      const text = Buffer.concat(pieces).toString('utf8');
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text.length > 0 ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      requests.push(recorded);
      for (const waiter of waiters) if (requests.length >= waiter.count) waiter.done.resolve();
      const reply = replies.shift();
      if (reply === undefined) {
        unscripted.push(recorded);
        statusReply(500, { error: { message: 'unscripted request' } })(request, response);
        return;
      }
      reply(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    unscripted,
    script: (...more) => {
      replies.push(...more);
    },
    received: (count) => {
      const done = deferred();
      if (requests.length >= count) done.resolve();
      else waiters.push({ count, done });
      return done.promise;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A `fetch` that refuses any host but 127.0.0.1, so no test request can leave the machine.
 */
export const localOnlyFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') throw new Error(`test request to ${url.hostname} refused`);
  return fetch(input, init);
};

/** One server-sent event carrying `data` as JSON. */
export function sseEvent(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

function openStream(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

/** Answers with the chunks as server-sent events, then `[DONE]`. */
export function sseReply(chunks: readonly unknown[]): ScriptedReply {
  return (_request, response) => {
    openStream(response);
    for (const chunk of chunks) response.write(sseEvent(chunk));
    response.end('data: [DONE]\n\n');
  };
}

/** Answers with raw event-stream text as is (for malformed streams). */
export function rawStreamReply(text: string): ScriptedReply {
  return (_request, response) => {
    openStream(response);
    response.end(text);
  };
}

/** Answers with a status and a JSON body. */
export function statusReply(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): ScriptedReply {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
}

/** Options of {@link replayReply}. */
export interface ReplayOptions {
  /** Default 200. */
  readonly status?: number;
  /** Default `text/event-stream`. */
  readonly contentType?: string;
  /** Send the body in pieces of this many bytes, a turn of the event loop apart; whole without it. */
  readonly pieceSize?: number;
}

/** Answers with `body` exactly as given (a recorded stream or page), whole or in small pieces. */
export function replayReply(body: string | Uint8Array, options: ReplayOptions = {}): ScriptedReply {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  return (_request, response) => {
    response.writeHead(options.status ?? 200, {
      'content-type': options.contentType ?? 'text/event-stream',
      'cache-control': 'no-cache',
    });
    const size = options.pieceSize ?? bytes.length;
    const send = async () => {
      for (let start = 0; start < bytes.length; start += size) {
        if (response.destroyed) return;
        response.write(bytes.subarray(start, start + size));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      response.end();
    };
    void send();
  };
}

/** Sends the response headers, then nothing, until the client goes away. */
export function silentAfterHeadersReply(events: {
  readonly headersSent?: Deferred<void>;
  readonly closed: Deferred<void>;
}): ScriptedReply {
  return (_request, response) => {
    response.on('close', () => events.closed.resolve());
    openStream(response);
    response.flushHeaders();
    events.headersSent?.resolve();
  };
}

/** Sends the chunks, then keeps the stream open until the client goes away. */
export function hangingReply(
  chunks: readonly unknown[],
  events: { readonly opened?: Deferred<void>; readonly closed: Deferred<void> },
): ScriptedReply {
  return (_request, response) => {
    response.on('close', () => events.closed.resolve());
    openStream(response);
    for (const chunk of chunks) response.write(sseEvent(chunk));
    events.opened?.resolve();
  };
}

/** Sends the chunks, then destroys the connection, without ending the stream, once `until` resolves. */
export function brokenStreamReply(chunks: readonly unknown[], until: Promise<void>): ScriptedReply {
  return (_request, response) => {
    openStream(response);
    for (const chunk of chunks) response.write(sseEvent(chunk));
    void until.then(() => response.socket?.destroy());
  };
}

/** Destroys the connection before any response header. */
export const droppedConnectionReply: ScriptedReply = (request) => {
  request.socket.destroy();
};

interface ChunkDelta {
  readonly content?: string;
  readonly reasoning_content?: string;
  readonly tool_calls?: readonly unknown[];
  readonly role?: string;
}

/** A chat-completion chunk with one choice. */
export function chunk(delta: ChunkDelta, finishReason: string | null = null): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** The final usage chunk of `stream_options.include_usage`. */
export function usageChunk(promptTokens: number, completionTokens: number): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

/** A plain text reply: one chunk per piece, then `stop`. */
export function textReply(...pieces: string[]): ScriptedReply {
  return sseReply([
    chunk({ role: 'assistant', content: '' }),
    ...pieces.map((piece) => chunk({ content: piece })),
    chunk({}, 'stop'),
    usageChunk(10, pieces.length),
  ]);
}
