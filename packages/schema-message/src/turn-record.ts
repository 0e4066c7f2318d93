import type { MessageSource } from './incoming-message';
import type { TextRef } from './text-ref';

/** How a turn ended ([OUT-1]). */
export const TURN_OUTCOMES = ['replied', 'silent', 'aborted', 'error'] as const;

/** One of {@link TURN_OUTCOMES}. */
export type TurnOutcome = (typeof TURN_OUTCOMES)[number];

/**
 * How an input entered a turn: `opened` for the inputs that opened it, `joined` for human
 * inputs inserted while it ran ([ARC-6], [SCH-2]).
 */
export type TurnEntry = 'opened' | 'joined';

/**
 * The record of one turn, written under `WellKnownMetadataKeys.TurnRecord` on the turn's
 * last persisted reply, or on an event marker when the turn persisted no reply ([ARC-8]).
 */
export interface TurnRecord {
  readonly outcome: TurnOutcome;
  /** The source of the turn's inputs; absent for a human turn ([SCH-7]). */
  readonly source?: MessageSource;
  /** Only for outcome `error`: the sentence of the notice sent to the session ([OUT-2]). */
  readonly error?: string | TextRef;
}
