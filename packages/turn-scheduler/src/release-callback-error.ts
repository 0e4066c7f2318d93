import { describeCause } from './describe-cause';
import { TurnSchedulerError } from './turn-scheduler-error';

/**
 * The `onRelease` callback threw or rejected. The released inputs settle all the same
 * (their submit promises never hang) and this error (code `RELEASE_CALLBACK_FAILED`) goes
 * to `onError`.
 */
export class ReleaseCallbackError extends TurnSchedulerError {
  static override readonly code = 'RELEASE_CALLBACK_FAILED';

  constructor(options: { readonly sessionId: string; readonly cause: unknown }) {
    super(`The release callback failed: ${describeCause(options.cause)}`, {
      code: ReleaseCallbackError.code,
      sessionId: options.sessionId,
      cause: options.cause,
    });
  }
}
