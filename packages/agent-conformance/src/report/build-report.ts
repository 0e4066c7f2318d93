import type { Capabilities } from '../capabilities';
import { contractDigest } from '../contract-digest';
import { KIT } from '../kit-version';
import { REQUIREMENTS } from '../requirements';
import { staleWaivers } from '../runner/apply-waiver';
import type { CaseResult } from '../runner/case-result';
import type { ExpectedFailure } from '../runner/expected-failure';
import type { ImplementationInfo } from '../runner/implementation-info';
import {
  type ConformanceReport,
  REPORT_FORMAT,
  type RequirementResult,
  type Verdict,
} from './conformance-report';
import { countBy } from './count-by';
import { CASE_STATUSES, FAILING_CASE_STATUSES, REQUIREMENT_STATUSES } from './statuses';
import { summarizeRequirements } from './summarize-requirements';

/** What {@link buildReport} takes. */
export interface BuildReportInput {
  readonly implementation: ImplementationInfo;
  readonly capabilities: Capabilities;
  readonly expectedFailures: readonly ExpectedFailure[];
  readonly results: readonly CaseResult[];
  readonly startedAt: string;
  readonly durationMs: number;
}

/** Builds the report of a run from its case results. */
export function buildReport(input: BuildReportInput): ConformanceReport {
  const requirements = summarizeRequirements(input.results);
  const stale = staleWaivers(input.results, input.expectedFailures);
  return {
    format: REPORT_FORMAT,
    formatVersion: 1,
    kit: { name: KIT.name, version: KIT.version },
    contract: { name: '@aalis/api-agent', requirements: REQUIREMENTS.length, digest: contractDigest() },
    implementation: { ...input.implementation },
    capabilities: input.capabilities,
    expectedFailures: input.expectedFailures,
    startedAt: input.startedAt,
    durationMs: input.durationMs,
    cases: input.results,
    requirements,
    summary: {
      requirements: countBy(REQUIREMENT_STATUSES, requirements, (requirement) => requirement.status),
      cases: countBy(CASE_STATUSES, input.results, (result) => result.status),
    },
    staleWaivers: stale,
    verdict: verdictOf(input.results, requirements, stale),
  };
}

/** The verdict of a run (see `Verdict`). */
export function verdictOf(
  results: readonly CaseResult[],
  requirements: readonly RequirementResult[],
  stale: readonly ExpectedFailure[],
): Verdict {
  if (stale.length > 0) return 'fail';
  if (results.some((result) => FAILING_CASE_STATUSES.has(result.status))) return 'fail';
  return requirements.some(
    (requirement) => requirement.status === 'violated' || requirement.status === 'untested',
  )
    ? 'fail'
    : 'pass';
}
