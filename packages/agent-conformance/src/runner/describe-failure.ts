import { FAILING_CASE_STATUSES } from '../report/statuses';
import type { CaseResult } from './case-result';

/**
 * The error a test-runner adapter throws for a failing case result (`failed`, `timeout`,
 * `leaked`, `stale-waiver`), naming the violated requirements; `undefined` for a result that
 * does not fail the run.
 */
export function failureOf(result: CaseResult): Error | undefined {
  if (!FAILING_CASE_STATUSES.has(result.status)) return undefined;
  const violated = result.violated.length > 0 ? ` (violates ${result.violated.join(', ')})` : '';
  return new Error(`${result.status}: ${result.message ?? 'no details'}${violated}`);
}
