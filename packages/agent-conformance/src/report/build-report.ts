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
  type RequirementStatus,
  type Verdict,
} from './conformance-report';
import { countBy } from './count-by';
import { CASE_STATUSES, FAILING_CASE_STATUSES, REQUIREMENT_STATUSES } from './statuses';
import { summarizeRequirements } from './summarize-requirements';

/** What {@link buildReport} takes. */
export interface BuildReportInput {
  readonly implementation: ImplementationInfo;
  /** The ids the run was limited to, if it was (see `ConformanceReport.only`). */
  readonly only?: readonly string[];
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
    ...(input.only === undefined ? {} : { only: [...input.only] }),
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
    verdict: verdictOf({ results: input.results, requirements, stale, limited: input.only !== undefined }),
  };
}

/** What {@link verdictOf} judges. */
export interface VerdictInput {
  readonly results: readonly CaseResult[];
  readonly requirements: readonly RequirementResult[];
  readonly stale: readonly ExpectedFailure[];
  /** Whether the run was limited with `only`: its `not-run` requirements are then outside the verdict. */
  readonly limited: boolean;
}

/** The verdict of a run (see `Verdict`). */
export function verdictOf(input: VerdictInput): Verdict {
  if (input.stale.length > 0) return 'fail';
  if (input.results.some((result) => FAILING_CASE_STATUSES.has(result.status))) return 'fail';
  const open = new Set<RequirementStatus>([
    'violated',
    'untested',
    ...(input.limited ? [] : ['not-run' as const]),
  ]);
  return input.requirements.some((requirement) => open.has(requirement.status)) ? 'fail' : 'pass';
}
