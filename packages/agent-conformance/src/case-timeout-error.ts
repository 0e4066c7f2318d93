import { ConformanceError } from './conformance-error';

/** Options of {@link CaseTimeoutError}. */
export interface CaseTimeoutErrorOptions {
  readonly caseId: string;
  /** What did not finish: building the agent, the case itself, or stopping the app after it. */
  readonly phase: 'factory' | 'case' | 'teardown';
  readonly timeoutMs: number;
}

/**
 * A phase of a case did not finish within its time limit (code `CASE_TIMEOUT`): the case is
 * recorded as a `timeout` (or, for teardown, a leak) instead of hanging the runner.
 */
export class CaseTimeoutError extends ConformanceError {
  static override readonly code = 'CASE_TIMEOUT';
  readonly caseId: string;
  readonly phase: 'factory' | 'case' | 'teardown';
  readonly timeoutMs: number;

  constructor(options: CaseTimeoutErrorOptions) {
    const subject = {
      factory: `the factory of case ${options.caseId}`,
      case: `case ${options.caseId}`,
      teardown: `stopping the app after case ${options.caseId}`,
    }[options.phase];
    super(`${subject} did not finish within ${options.timeoutMs} ms`, {
      code: CaseTimeoutError.code,
    });
    this.caseId = options.caseId;
    this.phase = options.phase;
    this.timeoutMs = options.timeoutMs;
  }
}
