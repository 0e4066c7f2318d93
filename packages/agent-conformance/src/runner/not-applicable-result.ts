import type { CapabilityKey } from '../capabilities';
import type { ConformanceCase } from '../define-case';
import type { CaseResult } from './case-result';

/** The result of a case the implementation's capabilities rule out. */
export function notApplicableResult(
  testCase: ConformanceCase,
  missing: readonly CapabilityKey[],
): CaseResult {
  return {
    id: testCase.id,
    title: testCase.title,
    requirements: testCase.requirements,
    status: 'not-applicable',
    outcome: 'not-applicable',
    durationMs: 0,
    violated: [],
    message: `not applicable: needs ${missing.join(', ')}`,
    leaks: [],
    missingCapabilities: missing,
  };
}
