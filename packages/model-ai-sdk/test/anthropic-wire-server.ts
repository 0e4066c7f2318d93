import { type ScriptedReply, type ScriptedWireServer, startScriptedWireServer } from './scripted-wire-server';
import { type ServerSentEvent, statusReply, streamReply } from './wire-replies';

/**
 * The Anthropic Messages API as `@ai-sdk/anthropic` calls it (`POST {baseURL}/messages` with
 * `stream: true`), answered from a script: named server-sent events (`message_start`,
 * `content_block_start` / `_delta` / `_stop`, `message_delta`, `message_stop`, `ping`,
 * `error`) and HTTP errors in Anthropic's JSON error shape.
 */
export function startAnthropicWireServer(): Promise<ScriptedWireServer> {
  return startScriptedWireServer({
    unscriptedReply: anthropicErrorReply({ status: 500, type: 'api_error', message: 'unscripted request' }),
  });
}

const event = (data: { readonly type: string } & Record<string, unknown>): ServerSentEvent => ({
  event: data.type,
  data,
});

/** `message_start`: the message frame with empty content and the input usage. */
export function messageStart(inputTokens: number): ServerSentEvent {
  return event({
    type: 'message_start',
    message: {
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      content: [],
      model: 'claude-sonnet-4-5',
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: 1 },
    },
  });
}

/** `ping`: a keep-alive, no output. */
export const ping: ServerSentEvent = event({ type: 'ping' });

/** `message_stop`: the end of the stream. */
export const messageStop: ServerSentEvent = event({ type: 'message_stop' });

/** Why the model stopped, as `message_delta` says it. */
export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens';

/** `message_delta`: why the model stopped and the cumulative output usage. */
export function messageDelta(stopReason: StopReason, outputTokens: number): ServerSentEvent {
  return event({
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: outputTokens },
  });
}

/** An `error` event inside a 200 stream (e.g. `overloaded_error`). */
export function streamError(type: string, message: string): ServerSentEvent {
  return event({ type: 'error', error: { type, message } });
}

/** A whole content block: `content_block_start`, one `content_block_delta` per delta, `content_block_stop`. */
function contentBlock(
  index: number,
  start: Record<string, unknown>,
  deltas: readonly Record<string, unknown>[],
): ServerSentEvent[] {
  return [
    event({ type: 'content_block_start', index, content_block: start }),
    ...deltas.map((delta) => event({ type: 'content_block_delta', index, delta })),
    event({ type: 'content_block_stop', index }),
  ];
}

/** A text block streamed as `text_delta` pieces. */
export function textBlock(index: number, pieces: readonly string[]): ServerSentEvent[] {
  return contentBlock(
    index,
    { type: 'text', text: '' },
    pieces.map((text) => ({ type: 'text_delta', text })),
  );
}

/** The start of a text block and its first pieces, never closed: for a stream that hangs mid-block. */
export function openTextBlock(index: number, pieces: readonly string[]): ServerSentEvent[] {
  return textBlock(index, pieces).slice(0, -1);
}

/** A thinking block: `thinking_delta` pieces, then the `signature_delta` that closes it. */
export function thinkingBlock(
  index: number,
  pieces: readonly string[],
  signature: string,
): ServerSentEvent[] {
  return contentBlock(index, { type: 'thinking', thinking: '' }, [
    ...pieces.map((thinking) => ({ type: 'thinking_delta', thinking })),
    { type: 'signature_delta', signature },
  ]);
}

/** A `tool_use` block whose input arrives as `input_json_delta` fragments of one JSON object. */
export function toolUseBlock(
  index: number,
  call: { readonly id: string; readonly name: string; readonly jsonPieces: readonly string[] },
): ServerSentEvent[] {
  return contentBlock(
    index,
    { type: 'tool_use', id: call.id, name: call.name, input: {} },
    call.jsonPieces.map((partial_json) => ({ type: 'input_json_delta', partial_json })),
  );
}

/** A whole streamed message as a test scripts it. */
export interface AnthropicMessage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly stopReason: StopReason;
  /** Its content blocks, each from `textBlock`, `thinkingBlock` or `toolUseBlock`. */
  readonly blocks: readonly ServerSentEvent[][];
}

/** The events of a whole message: start, a ping, the blocks, the stop reason with usage, stop. */
export function messageEvents(message: AnthropicMessage): ServerSentEvent[] {
  return [
    messageStart(message.inputTokens),
    ping,
    ...message.blocks.flat(),
    messageDelta(message.stopReason, message.outputTokens),
    messageStop,
  ];
}

/** Answers with a whole streamed message. */
export function anthropicMessageReply(message: AnthropicMessage): ScriptedReply {
  return streamReply(messageEvents(message));
}

/** Answers with an HTTP error in Anthropic's shape, `{ type: 'error', error: { type, message } }`. */
export function anthropicErrorReply(error: {
  readonly status: number;
  readonly type: string;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}): ScriptedReply {
  const body = { type: 'error', error: { type: error.type, message: error.message } };
  return statusReply(error.status, body, { 'request-id': 'req_01', ...error.headers });
}
