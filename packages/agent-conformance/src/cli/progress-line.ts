import type { CaseResult } from '../runner/case-result';

const MARKS: Readonly<Record<CaseResult['status'], string>> = {
  passed: '✓',
  failed: '✗',
  timeout: '✗',
  leaked: '✗',
  'stale-waiver': '✗',
  waived: '~',
  'not-applicable': '-',
};

/** One line of progress for a case result: mark, title, and duration or status and message. */
export function progressLine(result: CaseResult): string {
  const detail =
    result.status === 'passed' ? `(${result.durationMs} ms)` : `[${result.status}] ${result.message ?? ''}`;
  return `  ${MARKS[result.status]} ${result.title} ${detail}`.trimEnd();
}
