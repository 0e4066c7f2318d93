import { CASES } from '../cases/all-cases';
import { ConformanceError } from '../conformance-error';
import type { CaseResult } from '../runner/case-result';
import { selectCases } from '../runner/select-cases';

/**
 * The inconsistencies of a limited report: its cases must be exactly those its `only` ids pick
 * from the kit's cases, so a limited report cannot leave out a case it ran and failed.
 */
export function selectionProblems(only: readonly string[], cases: readonly CaseResult[]): string[] {
  let picked: readonly string[];
  try {
    picked = selectCases(CASES, only).map((testCase) => testCase.id);
  } catch (error) {
    if (error instanceof TypeError || ConformanceError.isInstance(error)) return [`only: ${error.message}`];
    throw error;
  }
  const listed = new Set(cases.map((result) => result.id));
  const missing = picked.filter((id) => !listed.has(id));
  const extra = [...listed].filter((id) => !picked.includes(id));
  const problems: string[] = [];
  if (missing.length > 0)
    problems.push(`cases picked by only (${only.join(', ')}) are missing: ${missing.join(', ')}`);
  if (extra.length > 0)
    problems.push(`cases not picked by only (${only.join(', ')}) are listed: ${extra.join(', ')}`);
  return problems;
}
