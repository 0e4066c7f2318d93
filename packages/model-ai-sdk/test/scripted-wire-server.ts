import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Deferred, deferred } from './deferred';

/** One request the server received. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, e.g. `/v1/messages`. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The JSON body, parsed (`{}` when empty). */
  readonly body: Record<string, unknown>;
}

/** How the server answers one request. */
export type ScriptedReply = (request: IncomingMessage, response: ServerResponse) => void;

/** A local HTTP server answering from a script, one reply per request, recording each request. */
export interface ScriptedWireServer {
  /** `http://127.0.0.1:<port>/v1`: the `baseURL` to give a provider SDK. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Requests that found no reply left in the script (answered with `unscriptedReply`). */
  readonly unscripted: readonly RecordedRequest[];
  /** Appends replies to the script. */
  script(...replies: ScriptedReply[]): void;
  /** Resolves when the server has received `count` requests in all. */
  received(count: number): Promise<void>;
  /** Closes every connection, then the server. */
  close(): Promise<void>;
}

/** Options of {@link startScriptedWireServer}. */
export interface ScriptedWireServerOptions {
  /** The answer to a request beyond the script: an error in the wire format's own shape. */
  readonly unscriptedReply: ScriptedReply;
}

/** Starts a scripted server on 127.0.0.1 with a free port. */
export async function startScriptedWireServer(
  options: ScriptedWireServerOptions,
): Promise<ScriptedWireServer> {
  const requests: RecordedRequest[] = [];
  const unscripted: RecordedRequest[] = [];
  const replies: ScriptedReply[] = [];
  const waiters: { count: number; done: Deferred<void> }[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      };
      requests.push(recorded);
      for (const waiter of waiters) if (requests.length >= waiter.count) waiter.done.resolve();
      const reply = replies.shift();
      if (reply === undefined) unscripted.push(recorded);
      (reply ?? options.unscriptedReply)(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
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

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const pieces: Buffer[] = [];
  for await (const piece of request) pieces.push(piece as Buffer);
  const text = Buffer.concat(pieces).toString('utf8');
  return text.length > 0 ? (JSON.parse(text) as Record<string, unknown>) : {};
}
