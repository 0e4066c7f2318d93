import { ConformanceError } from './conformance-error';

/**
 * A case's check failed (code `ASSERTION_FAILED`): the implementation broke `requirement`.
 * The message reads `[ID] <the rule, in words>; <what was observed>`.
 */
export class ConformanceAssertionError extends ConformanceError {
  static override readonly code = 'ASSERTION_FAILED';
  /** The requirement id the failed check belongs to. */
  readonly requirement: string;

  constructor(requirement: string, message: string) {
    super(`[${requirement}] ${message}`, { code: ConformanceAssertionError.code });
    this.requirement = requirement;
  }
}
