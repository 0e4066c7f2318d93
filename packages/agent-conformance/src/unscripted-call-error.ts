import { ConformanceError } from './conformance-error';

/**
 * The implementation made a model call the case had not scripted (code `UNSCRIPTED_CALL`).
 * The scripted model rejects the call with it and records it; the case then fails, since
 * every model call a case allows is scripted.
 */
export class UnscriptedCallError extends ConformanceError {
  static override readonly code = 'UNSCRIPTED_CALL';
  /** 0-based index of the call among the harness's model calls. */
  readonly callIndex: number;

  constructor(callIndex: number) {
    super(`Model call #${callIndex + 1} was not scripted by the case`, { code: UnscriptedCallError.code });
    this.callIndex = callIndex;
  }
}
