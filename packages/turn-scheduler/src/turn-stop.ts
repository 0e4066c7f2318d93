/**
 * What stopped a turn: `abort` (an `abort` call), `clearing` (a hold for clearing history),
 * `deleted` (`deleteSession`) or `drain` (shutdown).
 */
export type TurnStopKind = 'abort' | 'clearing' | 'deleted' | 'drain';

/**
 * Why a running turn was stopped, as the turn body reads it from `turn.stopInfo()`. The
 * first stop wins: a turn stopped twice keeps the first record.
 */
export interface TurnStop<TActor = unknown> {
  /** What stopped the turn. */
  readonly kind: TurnStopKind;
  /** Free text for the turn-end log line only: not for replies, records or hooks [ABT-5]. */
  readonly reason?: string | undefined;
  /** Who stopped the turn; absent means no specific person (shutdown, clear, delete) [ABT-6]. */
  readonly by?: TActor | undefined;
}
