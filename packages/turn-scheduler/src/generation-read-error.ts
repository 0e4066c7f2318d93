import { describeCause } from './describe-cause';
import { TurnSchedulerError } from './turn-scheduler-error';

/**
 * `generationOf` threw, rejected or gave something other than a number. A generation that
 * cannot be read counts as changed: the input is released (reason `generation`, not
 * archived) and this error (code `GENERATION_READ_FAILED`) goes to `onError` [DEL-2].
 */
export class GenerationReadError extends TurnSchedulerError {
  static override readonly code = 'GENERATION_READ_FAILED';

  constructor(options: { readonly sessionId: string; readonly cause: unknown }) {
    super(`Reading the generation of session ${options.sessionId} failed: ${describeCause(options.cause)}`, {
      code: GenerationReadError.code,
      sessionId: options.sessionId,
      cause: options.cause,
    });
  }
}
