import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createServerSentEventDecoder, type ServerSentEvent } from './server-sent-event-decoder';

function decodeAll(...pieces: string[]): ServerSentEvent[] {
  const decoder = createServerSentEventDecoder();
  return [...pieces.flatMap((piece) => decoder.push(piece)), ...decoder.end()];
}

const data = (text: string, event?: string): ServerSentEvent => ({ field: 'data', event, text });

describe('createServerSentEventDecoder', () => {
  it('dispatches each data field at its blank line', () => {
    expect(decodeAll('data: {"a":1}\n\ndata: [DONE]\n\n')).toEqual([data('{"a":1}'), data('[DONE]')]);
  });

  it('accepts LF, CRLF and CR line ends, also when a CRLF is split between two pieces', () => {
    expect(decodeAll('data: a\r', '\n\r\ndata: b\r\rdata: c\n\n')).toEqual([data('a'), data('b'), data('c')]);
  });

  it('skips comment lines such as keep-alives and ignores id and retry fields', () => {
    expect(decodeAll(': OPENROUTER PROCESSING\n\nid: 7\nretry: 10\ndata: x\n\n')).toEqual([data('x')]);
  });

  it('joins several data lines of one event with a line feed and keeps the event name', () => {
    expect(decodeAll('event: error\ndata: {"a":\ndata: 1}\n\n')).toEqual([data('{"a":\n1}', 'error')]);
  });

  it('keeps an error line as an error event instead of dropping the unknown field', () => {
    expect(decodeAll('error: {"message":"boom"}\n\n')).toEqual([
      { field: 'error', event: undefined, text: '{"message":"boom"}' },
    ]);
  });

  it('takes the value after "data:" without a space, and a field without a colon as empty', () => {
    expect(decodeAll('data:x\n\ndata\n\n')).toEqual([data('x'), data('')]);
  });

  it('dispatches a last event that lacks its blank line, or even its line end, at the end of the stream', () => {
    expect(decodeAll('data: [DONE]')).toEqual([data('[DONE]')]);
    expect(decodeAll('data: a\n')).toEqual([data('a')]);
  });

  it('gives the same events however the text is split into pieces', () => {
    const stream =
      ': hi\r\ndata: {"x":"ä😀"}\n\nevent: ping\ndata: 1\r\rerror: {"m":2}\n\ndata: a\ndata: b\n\ndata: [DONE]\n\n';
    const whole = decodeAll(stream);
    fc.assert(
      fc.property(fc.array(fc.nat(stream.length), { maxLength: 12 }), (cuts) => {
        const sorted = [...new Set(cuts)].sort((a, b) => a - b);
        const pieces = [0, ...sorted].map((start, index) =>
          stream.slice(start, sorted[index] ?? stream.length),
        );
        expect(decodeAll(...pieces)).toEqual(whole);
      }),
    );
  });

  it('reads 1 MiB of one repeated character in one line, or one line per character, in linear time', () => {
    const long = decodeAll(`data: ${'a'.repeat(1024 * 1024)}\n\n`);
    expect(long[0]?.text).toHaveLength(1024 * 1024);
    const decoder = createServerSentEventDecoder();
    for (let index = 0; index < 1024; index += 1) decoder.push('\n'.repeat(1024));
    expect(decoder.end()).toEqual([]);
  });
});
