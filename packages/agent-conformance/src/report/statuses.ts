import type { CaseStatus } from '../runner/case-result';
import type { RequirementStatus } from './conformance-report';

/** Every requirement status, in report order. */
export const REQUIREMENT_STATUSES: readonly RequirementStatus[] = Object.freeze([
  'satisfied',
  'violated',
  'waived',
  'not-applicable',
  'untested',
  'not-run',
]);

/** Every case status, in report order. */
export const CASE_STATUSES: readonly CaseStatus[] = Object.freeze([
  'passed',
  'failed',
  'timeout',
  'leaked',
  'waived',
  'stale-waiver',
  'not-applicable',
]);

/** The case statuses that fail a run. */
export const FAILING_CASE_STATUSES: ReadonlySet<CaseStatus> = new Set([
  'failed',
  'timeout',
  'leaked',
  'stale-waiver',
]);
