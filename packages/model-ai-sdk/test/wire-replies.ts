import type { ServerResponse } from 'node:http';
import type { Deferred } from './deferred';
import type { ScriptedReply } from './scripted-wire-server';

/** One server-sent event: `data` as JSON, with an `event:` line when `event` is given. */
export interface ServerSentEvent {
  readonly event?: string;
  readonly data: unknown;
}

/** The text of one server-sent event. */
export function serverSentEventText(sent: ServerSentEvent): string {
  const eventLine = sent.event === undefined ? '' : `event: ${sent.event}\n`;
  return `${eventLine}data: ${JSON.stringify(sent.data)}\n\n`;
}

function openStream(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

/** Answers 200 with the events as a server-sent event stream, then ends it. */
export function streamReply(events: readonly ServerSentEvent[]): ScriptedReply {
  return (_request, response) => {
    openStream(response);
    for (const sent of events) response.write(serverSentEventText(sent));
    response.end();
  };
}

/** Answers with a status, a JSON body and the given headers (e.g. `retry-after`). */
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

/** What a {@link hangingReply} tells the test. */
export interface HangingReplyEvents {
  /** Resolved once the events were written. */
  readonly sent?: Deferred<void>;
  /** Resolved when the client closes the connection. */
  readonly closed: Deferred<void>;
}

/** Sends the events, then keeps the stream open, sending nothing more, until the client goes away. */
export function hangingReply(events: readonly ServerSentEvent[], signals: HangingReplyEvents): ScriptedReply {
  return (_request, response) => {
    response.on('close', () => signals.closed.resolve());
    openStream(response);
    for (const sent of events) response.write(serverSentEventText(sent));
    signals.sent?.resolve();
  };
}
