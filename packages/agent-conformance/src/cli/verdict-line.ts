import type { ConformanceReport } from '../report/conformance-report';

/** The verdict with the requirement counts and, for a limited run, its scope. */
export function verdictLine(report: ConformanceReport): string {
  const counts = Object.entries(report.summary.requirements)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  const scope =
    report.only === undefined
      ? ''
      : `; limited to ${report.only.join(', ')}: requirements not run are outside the verdict`;
  return `verdict: ${report.verdict} (${counts}${scope})`;
}
