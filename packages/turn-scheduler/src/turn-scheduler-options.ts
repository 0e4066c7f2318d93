import type { QueueEvent } from './queue-event';
import type { ReleasedInput } from './released-input';
import type { Turn } from './turn';
import type { TurnSchedulerError } from './turn-scheduler-error';

/** Options of {@link createTurnScheduler}. */
export interface TurnSchedulerOptions<TInput, TActor = unknown> {
  /** The session an input belongs to. Called once per submit. */
  readonly sessionOf: (input: TInput) => string;
  /** Whether an input is an injection (has a source); otherwise it is human. Called once per submit. */
  readonly isInjection: (input: TInput) => boolean;
  /**
   * The turn body. The turn ends when the returned promise (or value) settles; a body that
   * throws or rejects ends the turn all the same and is reported to `onError`.
   */
  readonly runTurn: (turn: Turn<TInput, TActor>) => unknown;
  /**
   * The session's current generation [DEL-2]. When given, an input whose generation at
   * submit differs from the one read just before it is handed to the queue (after any hold)
   * is released (reason `generation`, not archived).
   */
  readonly generationOf?: ((sessionId: string) => number | Promise<number>) | undefined;
  /**
   * Receives released inputs, one batch per operation and session. Their submit promises
   * settle after it returns (or its promise settles). Batches to archive (`archive: true`)
   * are handed over after the session's running turn settled, and the session opens no
   * turn until the callback finished [ABT-3].
   */
  readonly onRelease?: ((released: readonly ReleasedInput<TInput>[]) => void | Promise<void>) | undefined;
  /** Receives the session's waiting list whenever it changes [SCH-8]. Called synchronously. */
  readonly onQueue?: ((event: QueueEvent<TInput>) => void) | undefined;
  /**
   * Receives failures of the callbacks above (turn body, release callback, queue listener,
   * generation read). They never break the scheduler. Default: `console.error`.
   */
  readonly onError?: ((error: TurnSchedulerError) => void) | undefined;
  /** Makes turn ids; they must be unique. Default: `crypto.randomUUID()` [TID-1]. */
  readonly createTurnId?: (() => string) | undefined;
  /**
   * The most turns that run at once across all sessions [LIV-4]: a whole number from 1, or
   * `Infinity`; default no limit. When that many run, a session whose turn would open waits
   * for a slot: it has no running turn meanwhile, so its inputs stay queued [SCH-8] and
   * `abort` returns false for it [ABT-7]. Slots go to waiting sessions oldest first, in the
   * order they became ready to open; a turn frees its slot when its body settles. A turn
   * whose opening input was submitted with `nested: true` opens without waiting (it still
   * counts as running).
   */
  readonly maxRunningTurns?: number | undefined;
}
