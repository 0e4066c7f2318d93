import { CoreError } from './core-error';

/** Options of {@link EventListenerError}. */
export interface EventListenerErrorOptions {
  readonly eventName: string;
  readonly cause: unknown;
}

/**
 * An event listener threw or rejected (code `EVENT_LISTENER_FAILED`). The other listeners
 * still run and `emit` still resolves; the error is reported to the app's `onError`.
 */
export class EventListenerError extends CoreError {
  static override readonly code = 'EVENT_LISTENER_FAILED';
  readonly eventName: string;

  constructor(options: EventListenerErrorOptions) {
    super(`A listener of event "${options.eventName}" failed`, {
      code: EventListenerError.code,
      cause: options.cause,
    });
    this.eventName = options.eventName;
  }
}
