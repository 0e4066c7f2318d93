/** The part of vitest's JSON report the near-miss check reads. */
export interface VitestJsonReport {
  readonly testResults: readonly {
    readonly assertionResults: readonly { readonly status: string; readonly fullName: string }[];
  }[];
}

/**
 * Which of `breaks` a run reported violated: a requirement counts when a failed test's title
 * names it (`[SCH-2] …`), as the kit titles every case by its requirement ids.
 */
export function caughtRequirements(report: VitestJsonReport, breaks: readonly string[]): string[] {
  const failed = report.testResults
    .flatMap((file) => file.assertionResults)
    .filter((test) => test.status === 'failed')
    .map((test) => test.fullName);
  return breaks.filter((id) => failed.some((title) => title.includes(`[${id}]`)));
}

/** A `-t` pattern that selects the tests titled with any of `ids`. */
export function testNamePattern(ids: readonly string[]): string {
  return `\\[(${ids.join('|')})\\]`;
}
