import { isDeepStrictEqual } from 'node:util';
import { contractDigest } from '../contract-digest';
import { REQUIREMENTS } from '../requirements';
import { staleWaivers } from '../runner/apply-waiver';
import type { CaseResult } from '../runner/case-result';
import { verdictOf } from './build-report';
import type { ConformanceReport } from './conformance-report';
import { countBy } from './count-by';
import { selectionProblems } from './selection-problems';
import { CASE_STATUSES, REQUIREMENT_STATUSES } from './statuses';
import { summarizeRequirements } from './summarize-requirements';

/** What {@link verifyReport} found. */
export interface ReportVerification {
  /** Whether the report is consistent and made against this kit's requirement set. */
  readonly ok: boolean;
  /** Each inconsistency, in words. */
  readonly problems: readonly string[];
}

function caseProblems(cases: readonly CaseResult[]): string[] {
  const known = new Set(REQUIREMENTS.map((requirement) => requirement.id));
  const problems: string[] = [];
  for (const result of cases) {
    for (const id of [...result.requirements, ...result.violated]) {
      if (!known.has(id)) problems.push(`case ${result.id} names unknown requirement ${id}`);
    }
    if (result.status === 'passed' && result.violated.length > 0)
      problems.push(`case ${result.id} passed with violations`);
  }
  return problems;
}

/**
 * Checks a published report: made against the same requirement set as this kit (contract
 * digest and ids), every case naming known ids, a limited report listing exactly the cases its
 * `only` ids pick, and the requirement statuses, summary, stale waivers and verdict exactly
 * what its case results imply. It does not re-run
 * anything; it tells whether the report is internally honest.
 */
export function verifyReport(report: ConformanceReport): ReportVerification {
  const problems: string[] = [];
  if (report.contract?.digest !== contractDigest()) {
    problems.push(
      `contract digest ${String(report.contract?.digest)} differs from this kit's ${contractDigest()}`,
    );
  }
  if (!Array.isArray(report.cases) || !Array.isArray(report.requirements)) {
    return { ok: false, problems: [...problems, 'the report lacks its cases or requirements'] };
  }
  problems.push(...caseProblems(report.cases));
  if (report.only !== undefined) problems.push(...selectionProblems(report.only, report.cases));
  const requirements = summarizeRequirements(report.cases);
  for (const expected of requirements) {
    const reported = report.requirements.find((requirement) => requirement.id === expected.id);
    if (reported === undefined) problems.push(`requirement ${expected.id} is missing`);
    else if (reported.status !== expected.status) {
      problems.push(
        `requirement ${expected.id} is reported ${reported.status}, its cases say ${expected.status}`,
      );
    }
  }
  const summary = {
    requirements: countBy(REQUIREMENT_STATUSES, requirements, (requirement) => requirement.status),
    cases: countBy(CASE_STATUSES, report.cases, (result) => result.status),
  };
  if (!isDeepStrictEqual(summary, report.summary)) problems.push('the summary does not match the cases');
  const stale = staleWaivers(report.cases, report.expectedFailures ?? []);
  if (
    !isDeepStrictEqual(
      stale.map((waiver) => waiver.id),
      (report.staleWaivers ?? []).map((waiver) => waiver.id),
    )
  ) {
    problems.push('the stale waivers do not match the cases');
  }
  const verdict = verdictOf({
    results: report.cases,
    requirements,
    stale,
    limited: report.only !== undefined,
  });
  if (verdict !== report.verdict) problems.push(`the verdict is ${report.verdict}, the cases say ${verdict}`);
  return { ok: problems.length === 0, problems };
}
