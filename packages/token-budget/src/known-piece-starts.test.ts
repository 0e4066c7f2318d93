import fc from 'fast-check';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { isWhitespaceCode } from './javascript-whitespace';
import {
  characterClassAt,
  classOf,
  isKnownNonAsciiLetter,
  isKnownPieceStart,
  KNOWN_CJK_PUNCTUATION,
} from './known-piece-starts';

function pieceStarts(text: string, pattern: RegExp): Set<number> {
  return new Set(Array.from(text.matchAll(pattern), (match) => match.index));
}

// Characters of every class the split patterns tell apart, weighted towards the tricky ones.
const characters = fc.constantFrom(
  ...['a', 'Z', 'é', '\u0301', '哈', 'ー', 'あ', '한', '1', '٣', '½', "'", 's', 't', 'l', 'v', 'e', 'r'],
  ...[
    ' ',
    ' ',
    '\t',
    '\n',
    '\r',
    '\u3000',
    '\u00a0',
    '\u2028',
    '!',
    '/',
    '.',
    '，',
    '。',
    '“',
    '…',
    '😀',
    '\x00',
  ],
);

describe('isWhitespaceCode', () => {
  it('agrees with the \\s of JavaScript regular expressions on every UTF-16 code unit', () => {
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (isWhitespaceCode(code) !== /\s/u.test(String.fromCharCode(code)))
        disagreements.push(code.toString(16));
    }
    expect(disagreements).toEqual([]);
  });
});

describe('the class table', () => {
  it('holds the class of every UTF-16 code unit', () => {
    for (let code = 0; code < 0x10000; code += 1) {
      if (characterClassAt(String.fromCharCode(code), 0) !== classOf(code)) {
        expect.fail(
          `code unit ${code.toString(16)}: table ${characterClassAt(String.fromCharCode(code), 0)}, class ${classOf(code)}`,
        );
      }
    }
  });
});

describe('isKnownPieceStart', () => {
  it('takes as known letters only code points that are letters (not marks, digits or spaces)', () => {
    const notLetters: string[] = [];
    for (let code = 0x80; code <= 0xffff; code += 1) {
      if (isKnownNonAsciiLetter(code) && !/\p{L}/u.test(String.fromCharCode(code)))
        notLetters.push(code.toString(16));
    }
    expect(notLetters).toEqual([]);
  });

  it('takes as CJK punctuation only characters that are neither letters, digits, marks nor spaces', () => {
    for (const code of KNOWN_CJK_PUNCTUATION) {
      expect(/[\p{L}\p{N}\p{M}\s]/u.test(String.fromCharCode(code)), code.toString(16)).toBe(false);
    }
  });

  it('claims a piece start only where both split patterns start a piece', () => {
    fc.assert(
      fc.property(fc.string({ unit: characters, minLength: 2, maxLength: 60 }), (text) => {
        const o200k = pieceStarts(text, O200K_TOKEN_SPLIT_REGEX);
        const cl100k = pieceStarts(text, CL100K_TOKEN_SPLIT_REGEX);
        for (let index = 1; index < text.length; index += 1) {
          if (!isKnownPieceStart(text.charCodeAt(index - 1), text.charCodeAt(index))) continue;
          expect(o200k.has(index) && cl100k.has(index), `${JSON.stringify(text)} at ${index}`).toBe(true);
        }
      }),
      { numRuns: 3_000 },
    );
  });
});
