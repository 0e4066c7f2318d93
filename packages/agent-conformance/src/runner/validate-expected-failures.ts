import type { ConformanceCase } from '../define-case';
import { ExpectedFailuresError } from '../expected-failures-error';
import { findRequirement } from '../find-requirement';
import type { ExpectedFailure } from './expected-failure';

/**
 * Checks a waiver list: each entry names a known requirement id or `case:<known case id>`,
 * has a non-empty reason, and appears once. Returns a frozen copy; throws
 * `ExpectedFailuresError` listing every problem otherwise.
 */
export function validateExpectedFailures(
  value: readonly ExpectedFailure[] | undefined,
  cases: readonly ConformanceCase[],
): readonly ExpectedFailure[] {
  if (value === undefined) return Object.freeze([]);
  if (!Array.isArray(value)) throw new TypeError('expectedFailures must be an array of { id, reason }');
  const caseIds = new Set(cases.map((testCase) => testCase.id));
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const entry of value as readonly unknown[]) {
    const { id, reason } = (entry ?? {}) as { id?: unknown; reason?: unknown };
    if (typeof id !== 'string') {
      problems.push(`an entry has no string id: ${JSON.stringify(entry)}`);
      continue;
    }
    const known = id.startsWith('case:') ? caseIds.has(id.slice(5)) : findRequirement(id) !== undefined;
    if (!known) problems.push(`"${id}" names no requirement or case of the kit`);
    if (typeof reason !== 'string' || reason.trim().length === 0) problems.push(`"${id}" has no reason`);
    if (seen.has(id)) problems.push(`"${id}" is listed twice`);
    seen.add(id);
  }
  if (problems.length > 0) throw new ExpectedFailuresError(problems);
  return Object.freeze(value.map((entry) => Object.freeze({ id: entry.id, reason: entry.reason })));
}
