import { CaseTimeoutError } from '../case-timeout-error';
import { ConformanceAssertionError } from '../conformance-assertion-error';
import type { ConformanceCase } from '../define-case';
import type { Harness } from '../harness/harness';
import type { CaseFailure } from './case-failure';

/**
 * What a case's error means: a failed check violates the requirement it names (or every id of
 * the case when it names another), a timeout the ids the case says a timeout violates (all by
 * default), an unexpected error every id.
 */
export function classifyFailure(testCase: ConformanceCase, error: unknown): CaseFailure {
  if (ConformanceAssertionError.isInstance(error)) {
    const named = testCase.requirements.includes(error.requirement);
    return {
      outcome: 'failed',
      violated: named ? [error.requirement] : testCase.requirements,
      message: error.message,
    };
  }
  if (CaseTimeoutError.isInstance(error)) {
    return { outcome: 'timeout', violated: testCase.timeoutViolates, message: error.message };
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    outcome: 'failed',
    violated: testCase.requirements,
    message: `unexpected error, not a failed check (the implementation threw, or rejected a call the case made): ${detail}`,
  };
}

/** The failure of a case in which the implementation made model calls it did not script. */
export function unscriptedFailure(testCase: ConformanceCase, harness: Harness): CaseFailure | undefined {
  const faults = harness.faults.filter((fault) => fault.kind === 'unscripted-call');
  if (faults.length === 0) return undefined;
  const calls = faults.map((fault) => fault.message).join('; ');
  return {
    outcome: 'failed',
    violated: testCase.requirements,
    message: `the implementation made model calls the case did not allow: ${calls}`,
  };
}
