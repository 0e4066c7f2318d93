/**
 * One dispatched server-sent event. `field` is `error` when the event carried `error:` lines
 * (llama.cpp's way of reporting a failure in the stream) and `data` otherwise; `event` is the
 * `event:` field when there was one.
 */
export interface ServerSentEvent {
  readonly field: 'data' | 'error';
  readonly event: string | undefined;
  /** The lines of that field joined with `\n`. */
  readonly text: string;
}

/** Turns event-stream text, in pieces as it arrives, into events. */
export interface ServerSentEventDecoder {
  /** Takes the next piece of text; returns the events it completed. */
  push(text: string): ServerSentEvent[];
  /** The end of the stream: returns the event a last unterminated line or block completed. */
  end(): ServerSentEvent[];
}

const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

interface PendingEvent {
  event: string | undefined;
  data: string[];
  error: string[];
}

function dispatch(pending: PendingEvent): ServerSentEvent | undefined {
  const { event, data, error } = pending;
  pending.event = undefined;
  pending.data = [];
  pending.error = [];
  if (error.length > 0) return { field: 'error', event, text: error.join('\n') };
  if (data.length > 0) return { field: 'data', event, text: data.join('\n') };
  return undefined;
}

/** Applies one line; returns the event a blank line completes. */
function applyLine(pending: PendingEvent, line: string): ServerSentEvent | undefined {
  if (line === '') return dispatch(pending);
  if (line.startsWith(':')) return undefined;
  const colon = line.indexOf(':');
  const field = colon === -1 ? line : line.slice(0, colon);
  const raw = colon === -1 ? '' : line.slice(colon + 1);
  const value = raw.startsWith(' ') ? raw.slice(1) : raw;
  if (field === 'data') pending.data.push(value);
  else if (field === 'error') pending.error.push(value);
  else if (field === 'event') pending.event = value;
  return undefined;
}

/**
 * A decoder following the event-stream format: lines end with CRLF, LF or CR (also split
 * across pieces), `:` lines are comments (keep-alives such as `: OPENROUTER PROCESSING`),
 * `data:` lines accumulate until a blank line dispatches them, and `error:` lines are kept
 * as an error event instead of being dropped as an unknown field. At the end of the stream
 * a last event without its blank line is still dispatched. Linear in the text it is given.
 */
export function createServerSentEventDecoder(): ServerSentEventDecoder {
  const pending: PendingEvent = { event: undefined, data: [], error: [] };
  let partial: string[] = [];
  let skipLineFeed = false;

  function completeLine(events: ServerSentEvent[], last: string): void {
    partial.push(last);
    const event = applyLine(pending, partial.join(''));
    partial = [];
    if (event !== undefined) events.push(event);
  }

  function push(text: string): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    let start = 0;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (skipLineFeed) {
        skipLineFeed = false;
        if (code === LINE_FEED) {
          start = index + 1;
          continue;
        }
      }
      if (code !== LINE_FEED && code !== CARRIAGE_RETURN) continue;
      completeLine(events, text.slice(start, index));
      start = index + 1;
      skipLineFeed = code === CARRIAGE_RETURN;
    }
    if (start < text.length) partial.push(text.slice(start));
    return events;
  }

  function end(): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    if (partial.length > 0) completeLine(events, '');
    const last = dispatch(pending);
    if (last !== undefined) events.push(last);
    return events;
  }

  return { push, end };
}
