import { describeCause } from './describe-cause';
import { TurnSchedulerError } from './turn-scheduler-error';

/**
 * A turn body (`runTurn`) threw or rejected. The scheduler isolates it: the turn ends as if
 * the body had returned, its inputs settle with the turn's id, the session goes on, and
 * this error (code `TURN_BODY_FAILED`) goes to `onError`.
 */
export class TurnBodyError extends TurnSchedulerError {
  static override readonly code = 'TURN_BODY_FAILED';
  /** The turn whose body failed. */
  readonly turnId: string;

  constructor(options: { readonly sessionId: string; readonly turnId: string; readonly cause: unknown }) {
    super(`The body of turn ${options.turnId} failed: ${describeCause(options.cause)}`, {
      code: TurnBodyError.code,
      sessionId: options.sessionId,
      cause: options.cause,
    });
    this.turnId = options.turnId;
  }
}
