import type { CaseResult } from './case-result';
import type { ExpectedFailure } from './expected-failure';
import { staleWaiverAdvice } from './stale-waiver-advice';

/**
 * Applies the waivers to one case result: a failing case is `waived` when a waiver names
 * the case, or every requirement it violated; a passing case named by a case waiver is a
 * `stale-waiver`. Requirement waivers never make a passing case stale on their own (see
 * `staleWaivers`).
 */
export function applyWaiver(result: CaseResult, waivers: readonly ExpectedFailure[]): CaseResult {
  if (result.outcome === 'not-applicable') return result;
  const byCase = waivers.find((waiver) => waiver.id === `case:${result.id}`);
  if (result.outcome === 'passed') {
    if (byCase === undefined) return result;
    return {
      ...result,
      status: 'stale-waiver',
      waiver: byCase,
      message: staleWaiverAdvice(byCase),
    };
  }
  if (byCase !== undefined) return { ...result, status: 'waived', waiver: byCase };
  const byRequirement = result.violated.map((id) => waivers.find((waiver) => waiver.id === id));
  if (byRequirement.length > 0 && byRequirement.every((waiver) => waiver !== undefined)) {
    return { ...result, status: 'waived', waiver: byRequirement[0] };
  }
  return result;
}

/**
 * The waivers that waived nothing: case waivers whose case passed, and requirement waivers
 * whose requirement was checked by at least one case that ran and violated by none. Each
 * fails the run, so waivers cannot outlive the failure they excuse.
 */
export function staleWaivers(
  results: readonly CaseResult[],
  waivers: readonly ExpectedFailure[],
): ExpectedFailure[] {
  return waivers.filter((waiver) => {
    if (waiver.id.startsWith('case:')) {
      return results.some((result) => `case:${result.id}` === waiver.id && result.status === 'stale-waiver');
    }
    const naming = results.filter(
      (result) => result.requirements.includes(waiver.id) && result.outcome !== 'not-applicable',
    );
    return naming.length > 0 && !naming.some((result) => result.violated.includes(waiver.id));
  });
}
