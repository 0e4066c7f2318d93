import { TurnSchedulerError } from './turn-scheduler-error';
import type { TurnStop } from './turn-stop';

/**
 * The reason a turn's `AbortSignal` carries once the turn is stopped (code `TURN_STOPPED`),
 * so `signal.throwIfAborted()` throws it. `stop` says who stopped the turn and why; its
 * `reason` is meant for the turn-end log line only [ABT-5].
 */
export class TurnStoppedError extends TurnSchedulerError {
  static override readonly code = 'TURN_STOPPED';
  /** The turn that was stopped. */
  readonly turnId: string;
  /** Why the turn was stopped. */
  readonly stop: TurnStop<unknown>;

  constructor(options: {
    readonly sessionId: string;
    readonly turnId: string;
    readonly stop: TurnStop<unknown>;
  }) {
    super(`Turn ${options.turnId} was stopped (${options.stop.kind})`, {
      code: TurnStoppedError.code,
      sessionId: options.sessionId,
    });
    this.turnId = options.turnId;
    this.stop = options.stop;
  }
}
