import type { ReleaseReason } from './submit-outcome';

/**
 * A running turn a drain deadline abandoned [LIV-2]: its body had not settled. Its inputs
 * settled as released (`abandoned`); if the body settles later, that is ignored.
 */
export interface AbandonedTurn {
  readonly kind: 'turn';
  readonly sessionId: string;
  readonly turnId: string;
  /** The turn's inputs: the opening ones and those joined as pending insertions [SCH-2]. */
  readonly inputCount: number;
}

/**
 * A release batch a drain deadline abandoned [LIV-2]: its inputs settled as released
 * (`abandoned`) instead of with `reason`.
 */
export interface AbandonedRelease {
  readonly kind: 'release';
  readonly sessionId: string;
  /** Why the inputs were being released. */
  readonly reason: Exclude<ReleaseReason, 'abandoned'>;
  readonly inputCount: number;
  /**
   * `true`: handed to `onRelease`, which had not finished (a later finish is ignored).
   * `false`: a batch to archive that was waiting for the session's running turn to settle
   * [ABT-3] [DRN-1], a turn listed in the same report; `onRelease` never saw it.
   */
  readonly delivering: boolean;
}

/** One piece of work a drain deadline abandoned, named so the caller can log it. */
export type AbandonedWork = AbandonedTurn | AbandonedRelease;

/**
 * What {@link TurnScheduler.drain} resolves with [LIV-2] [DRN-1]. `abandoned` lists what the
 * deadline cut off: each session's running turn followed by the batches waiting for it,
 * then the batches whose release callback had not finished, in the order they were handed
 * over. Empty when everything settled in time, and always without a deadline.
 */
export interface DrainReport {
  readonly abandoned: readonly AbandonedWork[];
}
