import { CoreError } from './core-error';

/**
 * One or more `onDrain` callbacks threw or rejected (code `DRAIN_FAILED`). Raised after
 * every callback settled; `cause` is an `AggregateError` of the failures.
 */
export class DrainError extends CoreError {
  static override readonly code = 'DRAIN_FAILED';

  constructor(failures: readonly unknown[]) {
    super(`${failures.length} drain callback(s) failed`, {
      code: DrainError.code,
      cause: new AggregateError(failures, 'Drain callbacks failed'),
    });
  }
}
