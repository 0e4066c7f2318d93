import type { DrainReport } from './drain-report';
import type { SubmitOutcome } from './submit-outcome';
import type { TurnOpener } from './turn';

/** Options of {@link TurnScheduler.submit}. */
export interface SubmitOptions {
  /**
   * The session's generation read when the input arrived (at `handleMessage` entry, before
   * per-input processing) [DEL-2]. Needs `generationOf`. Without it the scheduler reads the
   * generation itself only when the input has to wait for a hold.
   */
  readonly generation?: number | undefined;
  /**
   * The input is handed in from inside a running turn (a tool of one session that sends a
   * message to another session and waits for its answer) [LIV-4]. A turn whose opening
   * input is nested opens without waiting for a slot under `maxRunningTurns`, so nested
   * work cannot deadlock on the limit; it still counts as running. Nothing else about the
   * input changes: it queues behind the session's earlier inputs as any input does [SCH-5].
   */
  readonly nested?: boolean | undefined;
}

/** Options of {@link TurnScheduler.abort}. */
export interface AbortOptions<TActor = unknown> {
  /** Stop only if this is the running turn; otherwise nothing happens [ABT-2]. */
  readonly turnId?: string | undefined;
  /** Also release the session's queued and pending inputs, to be archived [ABT-3]. */
  readonly queued?: boolean | undefined;
  /** For the turn-end log line only; passed through `stopInfo()` [ABT-5]. */
  readonly reason?: string | undefined;
  /** Who stops the turn; passed through `stopInfo()` [ABT-6]. */
  readonly by?: TActor | undefined;
}

/** Options of {@link TurnScheduler.clearing} and {@link TurnScheduler.drain}. */
export interface StopOptions {
  /** For the turn-end log line only; passed through `stopInfo()` [ABT-5]. */
  readonly reason?: string | undefined;
}

/** Options of {@link TurnScheduler.drain}. */
export interface DrainOptions extends StopOptions {
  /**
   * Milliseconds, counted from the `drain` call, after which every submit that has not
   * settled settles at once as released (`abandoned`) and the scheduler forgets its
   * sessions [LIV-2]. A whole or fractional number from 0 to 2,147,483,647 (the largest
   * timer delay); `Infinity` or `undefined` means no deadline.
   */
  readonly deadlineMs?: number | undefined;
}

/** The running turn of a session, as {@link TurnScheduler.runningTurn} reports it. */
export interface RunningTurnInfo {
  readonly turnId: string;
  readonly openedBy: TurnOpener;
  /** Whether the turn was stopped and is winding down. */
  readonly stopped: boolean;
}

/** Counters for leak checks and monitoring. */
export interface TurnSchedulerStats {
  /** Sessions with something running, waiting or being released; idle sessions hold no state. */
  readonly sessions: number;
  /** Submitted inputs whose promise has not settled yet. */
  readonly unsettled: number;
  /** Holds for clearing in force. */
  readonly holds: number;
  /** Inputs waiting for a hold to end before they reach their session's queue. */
  readonly heldInputs: number;
  /** Turns whose body has not settled, across sessions, nested ones included [LIV-4]. */
  readonly runningTurns: number;
  /** Sessions whose next turn waits for a slot under `maxRunningTurns` [LIV-4]. */
  readonly waitingForSlot: number;
}

/** Per-session turn scheduling, as {@link createTurnScheduler} makes it. */
export interface TurnScheduler<TInput, TActor = unknown> {
  /**
   * Hands an input to its session. The promise settles exactly once, when the input is
   * settled [SVC-2], and never rejects; it throws a `TypeError` at once for misuse. A new
   * input never interrupts the running turn [SCH-1].
   */
  submit(input: TInput, options?: SubmitOptions): Promise<SubmitOutcome>;
  /**
   * Stops the session's running turn and says whether one was running [ABT-1] [ABT-7]. With
   * a `turnId` that is not the running turn's, nothing happens and it returns false
   * [ABT-2]. With `queued`, the queued and pending inputs are released, to be archived
   * after the running turn settled [ABT-3]; without it they open the next turn [ABT-4]. A
   * session waiting for a slot under `maxRunningTurns` has no running turn [LIV-4].
   */
  abort(sessionId: string, options?: AbortOptions<TActor>): boolean;
  /**
   * Holds the sessions (all sessions, also unseen ones, when `sessionIds` is undefined)
   * [CLR-3], stops their running turns, releases their queued and pending inputs without
   * archiving, waits until the turns and releases settled, runs `cleanup`, then ends the
   * hold [CLR-1] [CLR-2]. Inputs arriving meanwhile wait and run afterwards. Resolves or
   * rejects as `cleanup` does; the hold ends either way [CLR-6]. Holds compose [CLR-7], and
   * `cleanup` may call back into the scheduler (`deleteSession`, `abort`) without deadlock
   * [CLR-5]; only awaiting a `submit` for a held session inside `cleanup` would wait forever.
   */
  clearing(
    sessionIds: readonly string[] | undefined,
    cleanup: () => unknown,
    options?: StopOptions,
  ): Promise<void>;
  /**
   * For a deleted session: stops its running turn, releases its queued and pending inputs
   * (not archived), and resolves once the turn ended and the releases settled [DEL-1]
   * [DEL-3]. Never waits for a hold [CLR-5]. Inputs not yet handed to the queue are
   * decided by their generation [DEL-2].
   */
  deleteSession(sessionId: string): Promise<void>;
  /**
   * Shutdown [DRN-1]: stops every running turn, releases every queued and pending input (to
   * be archived after its session's turn settled) and every input not yet handed to a queue
   * (not archived), and resolves once every submitted promise settled. Later submits are
   * released at once (reason `drain`, not archived). Without a deadline nothing is ever
   * abandoned, so this form is typed `Promise<void>` (it fits `() => void | Promise<void>`
   * callbacks); it resolves with an empty report all the same.
   */
  drain(options?: StopOptions & { readonly deadlineMs?: undefined }): Promise<void>;
  /**
   * Shutdown with a deadline [LIV-2] [DRN-1]: as above, and if not every submit settled
   * `deadlineMs` after the call, each one still open settles at once as released
   * (`abandoned`, not archived), the scheduler forgets their sessions, and a turn body or
   * release callback that settles later is ignored. Resolves with a report naming each
   * abandoned turn and release batch. The timer is cleared when drain finishes earlier.
   */
  drain(options: DrainOptions): Promise<DrainReport>;
  /** Whether a hold for clearing covers the session right now [CLR-2]. */
  isHeld(sessionId: string): boolean;
  /** The session's running turn, or `undefined` (also while it waits for a slot [LIV-4]). */
  runningTurn(sessionId: string): RunningTurnInfo | undefined;
  /** The session's waiting list, as the last queue event gave it [SCH-8]. */
  waiting(sessionId: string): readonly TInput[];
  /** Counters for leak checks. */
  stats(): TurnSchedulerStats;
}
