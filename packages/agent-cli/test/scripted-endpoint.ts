import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the endpoint: an event-stream body, sent once `after` resolves (when given). */
export interface EndpointReply {
  readonly body: string;
  readonly after?: Promise<void>;
}

/** A local OpenAI-compatible chat endpoint answering from a script, one reply per request. */
export interface ScriptedEndpoint {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string;
  /** How many requests arrived. */
  requestCount(): number;
  close(): Promise<void>;
}

/** The event-stream body of `chunks` (each the `delta` and finish reason of one choice), then `[DONE]`. */
export function streamOf(chunks: readonly { delta: unknown; finish_reason?: string }[]): string {
  const events = chunks.map(({ delta, finish_reason }) => {
    const chunk = {
      id: 'chatcmpl-test',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'test-model',
      choices: [{ index: 0, delta, finish_reason: finish_reason ?? null }],
    };
    return `data: ${JSON.stringify(chunk)}\n\n`;
  });
  return `${events.join('')}data: [DONE]\n\n`;
}

/** Starts the endpoint on 127.0.0.1; a request beyond the script gets HTTP 500. */
export async function startScriptedEndpoint(replies: readonly EndpointReply[]): Promise<ScriptedEndpoint> {
  const script = [...replies];
  let count = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', async () => {
      count += 1;
      const reply = script.shift();
      if (reply === undefined) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"unscripted request"}}');
        return;
      }
      await reply.after;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requestCount: () => count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
