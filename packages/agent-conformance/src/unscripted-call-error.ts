import { ConformanceError } from './conformance-error';
import { quote } from './harness/quote';

/** What {@link UnscriptedCallError} says about the call. */
export interface UnscriptedCallErrorOptions {
  /** How many steps the case scripted in all. */
  readonly scripted: number;
  /** How many of them no call has taken (none matched the request). */
  readonly remaining: number;
  /** The text of the request's last user message. */
  readonly lastUserMessage?: string;
}

function explain(callIndex: number, options: UnscriptedCallErrorOptions | undefined): string {
  const head = `model call #${callIndex + 1} was not scripted by the case`;
  if (options === undefined) return head;
  const why =
    options.remaining === 0
      ? `it scripted ${options.scripted} model call(s) and expected no more`
      : `none of the ${options.remaining} scripted step(s) left matched the request`;
  const last =
    options.lastUserMessage === undefined ? '' : ` (last user message ${quote(options.lastUserMessage)})`;
  return `${head}: ${why}${last}`;
}

/**
 * The implementation made a model call the case had not scripted (code `UNSCRIPTED_CALL`).
 * The scripted model rejects the call with it and records it; the case then fails, since
 * every model call a case allows is scripted.
 */
export class UnscriptedCallError extends ConformanceError {
  static override readonly code = 'UNSCRIPTED_CALL';
  /** 0-based index of the call among the harness's model calls. */
  readonly callIndex: number;

  constructor(callIndex: number, options?: UnscriptedCallErrorOptions) {
    super(explain(callIndex, options), { code: UnscriptedCallError.code });
    this.callIndex = callIndex;
  }
}
