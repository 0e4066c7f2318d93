import { DEFAULT_PIECE_WINDOWING, type PieceWindowing } from './piece-windows';
import type { EncodingPrimitives } from './token-encoding';

/** How a text is counted: with which encoding, how long pieces are windowed, in what steps. */
export interface TextCountPlan {
  readonly encoding: EncodingPrimitives;
  readonly windowing: PieceWindowing;
  /**
   * Most code units of ordinary text counted in one step (`Infinity`: no limit). Steps end at
   * piece boundaries, so the sum is the same whatever the limit; it must exceed the long piece
   * bound.
   */
  readonly stepLength: number;
}

/** A plan counting in as few steps as possible, for synchronous counting. */
export function wholeTextPlan(encoding: EncodingPrimitives): TextCountPlan {
  return { encoding, windowing: DEFAULT_PIECE_WINDOWING, stepLength: Number.POSITIVE_INFINITY };
}

/**
 * A plan counting at most 1,024 code units of ordinary text (a few milliseconds at worst: random
 * CJK, all merge cache misses), one window of a long piece or one bounded search of the split
 * pattern per step, for counting in slices.
 */
export function slicedTextPlan(encoding: EncodingPrimitives): TextCountPlan {
  return { encoding, windowing: DEFAULT_PIECE_WINDOWING, stepLength: 1_024 };
}
