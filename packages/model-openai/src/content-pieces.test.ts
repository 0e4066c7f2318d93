import { describe, expect, it } from 'vitest';
import { contentPieces } from './content-pieces';

describe('contentPieces', () => {
  it('reads a string as reply text and leaves out an empty one, null and undefined', () => {
    expect(contentPieces('Hello')).toEqual([{ type: 'content', text: 'Hello' }]);
    expect(contentPieces('')).toEqual([]);
    expect(contentPieces(null)).toEqual([]);
    expect(contentPieces(undefined)).toEqual([]);
  });

  it('reads thinking parts as reasoning and text parts as reply text, in order', () => {
    const content = [
      {
        type: 'thinking',
        thinking: [
          { type: 'text', text: '2+2' },
          { type: 'text', text: '=4.' },
        ],
      },
      { type: 'text', text: '2 + 2 = 4' },
    ];
    expect(contentPieces(content)).toEqual([
      { type: 'reasoning', text: '2+2=4.' },
      { type: 'content', text: '2 + 2 = 4' },
    ]);
  });

  it('accepts a thinking part whose thinking is a plain string', () => {
    expect(contentPieces([{ type: 'thinking', thinking: 'hmm' }])).toEqual([
      { type: 'reasoning', text: 'hmm' },
    ]);
  });

  it('never turns a part that is not text into text', () => {
    const content = [
      { type: 'reference', reference_ids: [1, 2] },
      { type: 'image_url', image_url: { url: 'https://example.org/x.png' } },
      { type: 'text', text: 42 },
      42,
      { type: 'thinking', thinking: [{ type: 'text', text: 7 }, null] },
    ];
    expect(contentPieces(content)).toEqual([]);
  });

  it('reads a lone part that is not in a list like a list of one', () => {
    expect(contentPieces({ type: 'text', text: 'alone' })).toEqual([{ type: 'content', text: 'alone' }]);
  });
});
