import { describeCause } from './describe-cause';
import { TurnSchedulerError } from './turn-scheduler-error';

/**
 * The `onQueue` listener threw. The scheduler's state is already updated when a listener
 * runs, so nothing else changes; this error (code `QUEUE_LISTENER_FAILED`) goes to `onError`.
 */
export class QueueListenerError extends TurnSchedulerError {
  static override readonly code = 'QUEUE_LISTENER_FAILED';

  constructor(options: { readonly sessionId: string; readonly cause: unknown }) {
    super(`The queue listener failed: ${describeCause(options.cause)}`, {
      code: QueueListenerError.code,
      sessionId: options.sessionId,
      cause: options.cause,
    });
  }
}
