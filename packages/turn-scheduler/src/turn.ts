import type { TurnStop } from './turn-stop';

/** Who opened a turn: human inputs (no source) or one injection (source present). */
export type TurnOpener = 'human' | 'injection';

/**
 * One turn, as the scheduler hands it to the turn body (`runTurn`). The body's promise
 * settling ends the turn; the scheduler never ends a turn on its own, it only stops it
 * through `signal` [ABT-1].
 */
export interface Turn<TInput, TActor = unknown> {
  /** Fresh and unique for every turn [TID-1]. */
  readonly turnId: string;
  readonly sessionId: string;
  /**
   * The turn's inputs, the same array object for the whole turn: the opening inputs, then
   * the inputs joined by `takePendingInsertions` appended in order [SCH-2]. The body may
   * hand it on as it is (the scheduler keeps its own record; changing it has no effect on
   * scheduling).
   */
  readonly inputs: TInput[];
  /** `human` when human inputs opened it, `injection` when one injection did [SCH-4]. */
  readonly openedBy: TurnOpener;
  /** Aborted, with a `TurnStoppedError` as reason, when the turn is stopped [ABT-1]. */
  readonly signal: AbortSignal;
  /**
   * Moves the pending insertions (human inputs that arrived during this human-opened turn)
   * into `inputs` and returns the newly joined ones, in arrival order [SCH-2]. Call it just
   * before each model call. Always empty for an injection-opened turn [SCH-4] and once the
   * turn was stopped (its pending insertions then open the next turn, [ABT-4] [SCH-3]).
   */
  takePendingInsertions(): readonly TInput[];
  /** Why the turn was stopped, or `undefined` while it was not [ABT-5] [ABT-6]. */
  stopInfo(): TurnStop<TActor> | undefined;
}
