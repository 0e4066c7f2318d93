import { isThenable } from './is-thenable';
import { type ReleaseBatch, releasedInputs } from './release-batch';
import { ReleaseCallbackError } from './release-callback-error';
import { releaseOutcome } from './release-outcome';
import type { ReleasedInput } from './released-input';
import type { SessionState } from './session-state';
import type { SettleTracker } from './settle-tracker';
import type { TurnSchedulerError } from './turn-scheduler-error';

/** What delivery needs from its scheduler. */
export interface DeliveryHost<TInput> {
  readonly onRelease: ((released: readonly ReleasedInput<TInput>[]) => void | Promise<void>) | undefined;
  readonly settler: SettleTracker;
  report(error: TurnSchedulerError): void;
  /** A batch of the session finished: it may open its next turn or go idle. */
  sessionDelivered(session: SessionState<TInput>): void;
}

/**
 * Hands release batches to `onRelease` and settles their inputs once it finished, also when
 * it threw or rejected [SVC-2]. Batches whose callback is still running are kept, so a drain
 * deadline can name and abandon them; a callback that finishes after that is ignored [LIV-2].
 */
export class ReleaseDelivery<TInput> {
  private readonly inFlight = new Set<ReleaseBatch<TInput>>();

  constructor(private readonly host: DeliveryHost<TInput>) {}

  /** Delivers the batch; `session` is given for batches that hold up their session's turns. */
  deliver(batch: ReleaseBatch<TInput>, session: SessionState<TInput> | undefined): void {
    const onRelease = this.host.onRelease;
    let result: unknown;
    if (onRelease !== undefined) {
      try {
        result = onRelease(releasedInputs(batch));
      } catch (error) {
        this.host.report(new ReleaseCallbackError({ sessionId: batch.sessionId, cause: error }));
      }
    }
    if (!isThenable(result)) {
      this.delivered(batch, session);
      return;
    }
    this.inFlight.add(batch);
    result.then(
      () => this.deliveredLater(batch, session, false, undefined),
      (error: unknown) => this.deliveredLater(batch, session, true, error),
    );
  }

  /** Forgets the batches still being delivered and returns them, oldest first [LIV-2]. */
  abandonAll(): ReleaseBatch<TInput>[] {
    const batches = [...this.inFlight];
    this.inFlight.clear();
    return batches;
  }

  private deliveredLater(
    batch: ReleaseBatch<TInput>,
    session: SessionState<TInput> | undefined,
    failed: boolean,
    error: unknown,
  ): void {
    if (!this.inFlight.delete(batch)) return;
    if (failed) this.host.report(new ReleaseCallbackError({ sessionId: batch.sessionId, cause: error }));
    this.delivered(batch, session);
  }

  private delivered(batch: ReleaseBatch<TInput>, session: SessionState<TInput> | undefined): void {
    const outcome = releaseOutcome(batch.reason, batch.archive);
    for (const entry of batch.entries) this.host.settler.settle(entry, outcome);
    if (session !== undefined) this.host.sessionDelivered(session);
  }
}
