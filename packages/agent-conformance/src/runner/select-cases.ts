import type { ConformanceCase } from '../define-case';
import { REQUIREMENT_FAMILIES } from '../requirement-families';
import { REQUIREMENTS } from '../requirements';
import { SelectionError } from '../selection-error';

function matches(testCase: ConformanceCase, id: string): boolean {
  return testCase.id === id || testCase.requirements.some((requirement) => requirement.toLowerCase() === id);
}

/** Says which ids exist near an unknown one: the requirements of its family, or the families. */
function hintFor(unknown: string): string {
  const family = unknown.split('-')[0]?.toUpperCase() ?? '';
  const members = REQUIREMENTS.filter((requirement) => requirement.family === family).map(({ id }) => id);
  if (members.length > 0) return `The ${family} requirements are ${members.join(', ')}.`;
  const families = REQUIREMENT_FAMILIES.map(({ id }) => id).join(', ');
  return `Requirement ids are a family (${families}) and a number, e.g. SVC-1; case ids are the titles of the report in kebab case.`;
}

/**
 * The cases an `only` selection picks: each id is a case id or a requirement id (any case),
 * and picks the cases that are or name it, in `cases` order. Throws `SelectionError` for an id
 * that picks nothing, so a typo never turns into an empty run that passes.
 */
export function selectCases(
  cases: readonly ConformanceCase[],
  only: readonly string[],
): readonly ConformanceCase[] {
  const ids = only.map((id) => id.trim()).filter((id) => id.length > 0);
  if (ids.length === 0) throw new TypeError('only must name at least one case or requirement id');
  const unknown = ids.filter((id) => !cases.some((testCase) => matches(testCase, id.toLowerCase())));
  if (unknown.length > 0) throw new SelectionError(unknown, hintFor(unknown[0]!));
  return cases.filter((testCase) => ids.some((id) => matches(testCase, id.toLowerCase())));
}
