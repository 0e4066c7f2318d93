import { characterClassAt, startsPieceAfter } from './known-piece-starts';

/** What `scanForLongRun` found. */
export interface LongRunScan {
  /** Start of the first run longer than the bound, or -1 when there is none before `to`. */
  readonly longRunStart: number;
  /** A known piece start the scan passed (at least `from`, and within `bound` of `to`). */
  readonly lastPieceStart: number;
}

/** Looks at every code unit of `text[from, to)`, `from` being a known piece start. */
function scanEveryCodeUnit(text: string, from: number, to: number, bound: number): LongRunScan {
  let runStart = from;
  let previous = characterClassAt(text, from);
  for (let index = from + 1; index < to; index += 1) {
    const current = characterClassAt(text, index);
    if (startsPieceAfter(previous, current)) runStart = index;
    else if (index - runStart >= bound) return { longRunStart: runStart, lastPieceStart: runStart };
    previous = current;
  }
  return { longRunStart: -1, lastPieceStart: runStart };
}

/** The first known piece start in `text[from, to)` (`from` > 0), or -1. */
function firstPieceStart(text: string, from: number, to: number): number {
  let previous = characterClassAt(text, from - 1);
  for (let index = from; index < to; index += 1) {
    const current = characterClassAt(text, index);
    if (startsPieceAfter(previous, current)) return index;
    previous = current;
  }
  return -1;
}

/**
 * Scans `text` from `from` (a known piece start) towards `to` for a run between known piece
 * starts (see `isKnownPieceStart`) longer than `bound` code units. Every piece lies inside one
 * run, so when no run is longer than `bound`, no piece is either. No regular expression, and in
 * ordinary text only a few code units per half-bound block: one known piece start in each block
 * keeps every run within the bound; a block without one is looked at code unit by code unit.
 */
export function scanForLongRun(text: string, from: number, to: number, bound: number): LongRunScan {
  const stride = Math.max(1, Math.floor(bound / 2));
  let lastPieceStart = from;
  let blockStart = from + 1;
  while (blockStart < to) {
    const blockEnd = Math.min(to, blockStart + stride);
    const start = firstPieceStart(text, blockStart, blockEnd);
    if (start >= 0) {
      lastPieceStart = start;
      blockStart = blockEnd;
      continue;
    }
    const closer = scanEveryCodeUnit(text, lastPieceStart, Math.min(to, blockEnd + bound), bound);
    if (closer.longRunStart >= 0) return closer;
    lastPieceStart = closer.lastPieceStart;
    blockStart = Math.max(blockEnd, lastPieceStart + 1);
  }
  return { longRunStart: -1, lastPieceStart };
}
