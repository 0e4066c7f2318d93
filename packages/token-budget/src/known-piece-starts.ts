import { isWhitespaceCode } from './javascript-whitespace';

/*
 * Where a piece of the encodings' split patterns (o200k_base and cl100k_base) must begin, told
 * from two neighbouring code units alone, without running the pattern. Every rule below holds
 * for both patterns:
 * - letter pieces hold letters (and marks, in o200k_base), an optional first character that is
 *   neither a letter, a digit, CR nor LF, and an optional contraction ('s, 't, …);
 * - number pieces hold at most three digits;
 * - punctuation pieces hold an optional space, non-space non-letter non-digit characters, and a
 *   tail of CR, LF (and `/`, in o200k_base);
 * - whitespace pieces hold whitespace only.
 * So whitespace never appears inside a piece after a non-whitespace character except CR and LF
 * in a punctuation tail, and a piece holding a letter or a digit ends before any character that
 * cannot follow it in its own kind of piece.
 */

/** What the rules need to know of a code unit. */
enum CharacterClass {
  /** Anything else: other letters, marks, digits, symbols, punctuation, surrogates. */
  Other,
  AsciiLetter,
  AsciiDigit,
  /** CJK ideographs, kana and Hangul syllables (`isKnownNonAsciiLetter`). */
  KnownLetter,
  /** Space, tab, vertical tab and form feed. */
  AsciiBlank,
  /** CR and LF: they may continue a punctuation piece. */
  LineBreak,
  /** It may continue a word ("don't"). */
  Apostrophe,
  /** Whitespace beyond ASCII (no-break space, ideographic space, …). */
  OtherWhitespace,
  /** ASCII punctuation, symbols and control characters. */
  AsciiOther,
  /** `KNOWN_CJK_PUNCTUATION`. */
  CjkPunctuation,
}

const CLASS_COUNT = 10;

/** CJK ideographs, kana and Hangul syllables: ranges whose every code point is a letter (Lo). */
export function isKnownNonAsciiLetter(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x3041 && code <= 0x3096) ||
    (code >= 0x30a1 && code <= 0x30fa) ||
    (code >= 0xac00 && code <= 0xd7a3)
  );
}

/** Common CJK punctuation: none of it is a letter, a digit, a mark or whitespace. */
export const KNOWN_CJK_PUNCTUATION: ReadonlySet<number> = new Set(
  Array.from('，。、！？：；“”‘’（）《》〈〉「」『』【】〔〕—…·～', (character) => character.charCodeAt(0)),
);

/** The class of a UTF-16 code unit (the tables below hold it for every code unit). */
export function classOf(code: number): CharacterClass {
  if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return CharacterClass.AsciiLetter;
  if (code >= 0x30 && code <= 0x39) return CharacterClass.AsciiDigit;
  if (code === 0x0a || code === 0x0d) return CharacterClass.LineBreak;
  if (code === 0x27) return CharacterClass.Apostrophe;
  if (code < 0x80) return isWhitespaceCode(code) ? CharacterClass.AsciiBlank : CharacterClass.AsciiOther;
  if (isWhitespaceCode(code)) return CharacterClass.OtherWhitespace;
  if (isKnownNonAsciiLetter(code)) return CharacterClass.KnownLetter;
  return KNOWN_CJK_PUNCTUATION.has(code) ? CharacterClass.CjkPunctuation : CharacterClass.Other;
}

function isLetterOrDigit(character: CharacterClass): boolean {
  return (
    character === CharacterClass.AsciiLetter ||
    character === CharacterClass.AsciiDigit ||
    character === CharacterClass.KnownLetter
  );
}

function isWhitespace(character: CharacterClass): boolean {
  return (
    character === CharacterClass.AsciiBlank ||
    character === CharacterClass.LineBreak ||
    character === CharacterClass.OtherWhitespace
  );
}

/** The rules: whether a piece starts at a `current` character after a `previous` one. */
function startsPiece(previous: CharacterClass, current: CharacterClass): boolean {
  switch (current) {
    case CharacterClass.AsciiLetter:
    case CharacterClass.KnownLetter:
    case CharacterClass.Apostrophe:
      return previous === CharacterClass.AsciiDigit;
    case CharacterClass.AsciiDigit:
      return previous === CharacterClass.AsciiLetter || previous === CharacterClass.KnownLetter;
    case CharacterClass.LineBreak:
    case CharacterClass.AsciiOther:
    case CharacterClass.CjkPunctuation:
      return isLetterOrDigit(previous);
    case CharacterClass.AsciiBlank:
    case CharacterClass.OtherWhitespace:
      return !isWhitespace(previous);
    default:
      return false;
  }
}

/**
 * Ranges of code units holding every one that is not `Other` besides the known letters: ASCII,
 * the non-ASCII whitespace (up to U+3000, and U+FEFF), the CJK punctuation (up to U+3015 and the
 * full-width forms). Classifying only these at import, and filling the letter ranges, keeps the
 * import cheap (a loop over all 65,536 code units took about 8 ms).
 */
const CLASSIFIED_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x3100],
  [0xfe00, 0x10000],
];
const KNOWN_LETTER_RANGES: readonly (readonly [number, number])[] = [
  [0x3400, 0x4dc0],
  [0x4e00, 0xa000],
  [0xac00, 0xd7a4],
];

// Tables, so the scan of a long text costs two lookups per code unit.
const classes = new Uint8Array(0x10000);
for (const [start, end] of CLASSIFIED_RANGES) {
  for (let code = start; code < end; code += 1) classes[code] = classOf(code);
}
for (const [start, end] of KNOWN_LETTER_RANGES) classes.fill(CharacterClass.KnownLetter, start, end);
const pieceStarts = new Uint8Array(CLASS_COUNT * CLASS_COUNT);
for (let previous = 0; previous < CLASS_COUNT; previous += 1) {
  for (let current = 0; current < CLASS_COUNT; current += 1) {
    pieceStarts[previous * CLASS_COUNT + current] = startsPiece(previous, current) ? 1 : 0;
  }
}

/** The class of the code unit at `index` of `text`, for `startsPieceAfter`. */
export function characterClassAt(text: string, index: number): number {
  return classes[text.charCodeAt(index)]!;
}

/** Whether a piece starts at a character of class `current` after one of class `previous`. */
export function startsPieceAfter(previous: number, current: number): boolean {
  return pieceStarts[previous * CLASS_COUNT + current] === 1;
}

/**
 * Whether a piece of both split patterns begins at a code unit `current` that follows the code
 * unit `previous`. `false` means "not known", not "inside a piece".
 */
export function isKnownPieceStart(previous: number, current: number): boolean {
  return pieceStarts[classes[previous]! * CLASS_COUNT + classes[current]!] === 1;
}
