import { isWhitespaceCode } from './javascript-whitespace';
import { isKnownPieceStart } from './known-piece-starts';
import { countPieceInWindows } from './piece-windows';
import type { TextCountPlan } from './text-count-plan';
import type { EncodingPrimitives } from './token-encoding';

/**
 * How far one search of the split pattern looks. A piece the whole text splits off shorter than
 * this (less 2: the pattern looks one character ahead) comes out the same: each alternative ends
 * where its character class or its last CR/LF ends, except when a run of whitespace or of one
 * class reaches past the search, and such a run always holds a piece longer than the long piece
 * bound. A match filling the whole search is a long piece that may go on.
 */
const PIECE_SEARCH_LENGTH = 4_096;

/**
 * Whether a piece holds whitespace only. The other kinds hold whitespace only as their first
 * character (then followed by a non-whitespace one) or in a CR/LF tail after punctuation.
 */
function isWhitespacePiece(text: string, start: number, end: number): boolean {
  return (
    isWhitespaceCode(text.charCodeAt(start)) &&
    (end - start === 1 || isWhitespaceCode(text.charCodeAt(start + 1)))
  );
}

/**
 * Tokens of `text[start, end)`, which begins at a piece boundary: `text[start, safeEnd)` counted
 * at once, then each whitespace piece of `text[safeEnd, end)` on its own. A span counted at once
 * splits as the whole text does when it ends after a piece that is not whitespace only. One
 * ending in whitespace may not: alone, "a\t\t" splits into "a" and "\t\t", while in "a\t\t--"
 * the second tab is a piece of its own (`\s+(?!\S)` cannot end before the dash). A whitespace
 * piece alone is always one piece.
 */
function countSpan(
  text: string,
  start: number,
  safeEnd: number,
  end: number,
  encoding: EncodingPrimitives,
): number {
  let tokens = safeEnd > start ? encoding.countTokens(text.slice(start, safeEnd)) : 0;
  for (let position = safeEnd; position < end; ) {
    const pieceEnd = encoding.pieceEnd(text, position, PIECE_SEARCH_LENGTH);
    tokens += encoding.countTokens(text.slice(position, pieceEnd));
    position = pieceEnd;
  }
  return tokens;
}

/** The end of a long piece found to reach at least `end`: searches on while a search fills up. */
function* longPieceEnd(
  text: string,
  end: number,
  encoding: EncodingPrimitives,
): Generator<undefined, number, undefined> {
  let searchStart = end - PIECE_SEARCH_LENGTH;
  let pieceEnd = end;
  while (pieceEnd === searchStart + PIECE_SEARCH_LENGTH && pieceEnd < text.length) {
    yield;
    searchStart = pieceEnd;
    pieceEnd = encoding.pieceEnd(text, searchStart, PIECE_SEARCH_LENGTH);
  }
  return pieceEnd;
}

/** Tokens of a run and where it ends. */
export interface RunCount {
  readonly tokens: number;
  readonly end: number;
}

/**
 * Counts the run that begins at the known piece start `start` and may hold a long piece: splits
 * it with the encoding's pattern up to the next known piece start (or the end of the text),
 * counts pieces longer than the bound in windows and the spans between them at once, pausing
 * (a bare `yield`) between steps.
 */
export function* countRun(
  text: string,
  start: number,
  plan: TextCountPlan,
): Generator<undefined, RunCount, undefined> {
  const { encoding, windowing, stepLength } = plan;
  let tokens = 0;
  let spanStart = start;
  let safeEnd = start;
  let position = start;
  do {
    let pieceEnd = encoding.pieceEnd(text, position, PIECE_SEARCH_LENGTH);
    if (pieceEnd - position > windowing.longPieceBound) {
      if (pieceEnd - position === PIECE_SEARCH_LENGTH)
        pieceEnd = yield* longPieceEnd(text, pieceEnd, encoding);
      tokens += countSpan(text, spanStart, safeEnd, position, encoding);
      tokens += yield* countPieceInWindows(text, position, pieceEnd, encoding, windowing);
      spanStart = pieceEnd;
      safeEnd = pieceEnd;
    } else if (!isWhitespacePiece(text, position, pieceEnd)) {
      safeEnd = pieceEnd;
      if (safeEnd - spanStart >= stepLength) {
        tokens += encoding.countTokens(text.slice(spanStart, safeEnd));
        spanStart = safeEnd;
        yield;
      }
    }
    position = pieceEnd;
  } while (
    position < text.length &&
    !isKnownPieceStart(text.charCodeAt(position - 1), text.charCodeAt(position))
  );
  // The run ends at a known piece start or at the end of the text: both are safe places to cut.
  if (position > spanStart) tokens += encoding.countTokens(text.slice(spanStart, position));
  return { tokens, end: position };
}
