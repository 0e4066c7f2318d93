import { basisOf, REQUIREMENTS } from '../requirements';
import type { CaseResult } from '../runner/case-result';
import type { RequirementResult, RequirementStatus } from './conformance-report';

/** The status of each catalog requirement, from the case results (see `RequirementStatus`). */
export function summarizeRequirements(results: readonly CaseResult[]): RequirementResult[] {
  return REQUIREMENTS.map((requirement) => {
    const naming = results.filter((result) => result.requirements.includes(requirement.id));
    return {
      id: requirement.id,
      family: requirement.family,
      decided: requirement.decided,
      basis: basisOf(requirement),
      ...(requirement.referencePart === undefined ? {} : { referencePart: requirement.referencePart }),
      text: requirement.text,
      status: statusOf(requirement.id, naming),
      cases: naming.map((result) => result.id),
    };
  });
}

function statusOf(id: string, naming: readonly CaseResult[]): RequirementStatus {
  if (naming.length === 0) return 'not-run';
  const applicable = naming.filter((result) => result.outcome !== 'not-applicable');
  if (applicable.length === 0) return 'not-applicable';
  const violating = applicable.filter((result) => result.violated.includes(id));
  if (violating.some((result) => result.status !== 'waived')) return 'violated';
  if (violating.length > 0) return 'waived';
  return applicable.every((result) => result.outcome === 'passed') ? 'satisfied' : 'untested';
}
