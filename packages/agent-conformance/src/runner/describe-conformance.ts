import type { ConformanceReport } from '../report/conformance-report';
import type { CaseResult } from './case-result';
import type { ConformanceOptions } from './conformance-options';
import { createConformanceRun } from './conformance-run';
import { failureOf } from './describe-failure';
import { staleWaiverAdvice } from './stale-waiver-advice';
import type { SkipRunningTest, TestRunner } from './test-runner';

/** Options of {@link describeConformance}. */
export interface DescribeConformanceOptions extends ConformanceOptions {
  /** The test runner to register with. */
  readonly runner: TestRunner;
  /** Receives the report once every case ran (e.g. to write it to a file). */
  readonly onReport?: (report: ConformanceReport) => void | Promise<void>;
}

/** Ends a test for a case result: throws for a failure, skips a waived case when the runner can. */
function settleTest(result: CaseResult, skip: SkipRunningTest | undefined): void {
  const failure = failureOf(result);
  if (failure !== undefined) throw failure;
  if (result.status === 'waived' && result.waiver !== undefined) {
    skip?.(`waived (expected failure ${result.waiver.id}: ${result.waiver.reason}): ${result.message ?? ''}`);
  }
}

async function finish(report: ConformanceReport, onReport: DescribeConformanceOptions['onReport']) {
  await onReport?.(report);
  const stale = report.staleWaivers.filter((waiver) => !waiver.id.startsWith('case:'));
  if (stale.length > 0) throw new Error(stale.map(staleWaiverAdvice).join('\n'));
}

/**
 * Registers the conformance suite with a test runner: one test per case, titled with its
 * requirement ids (`[ABT-3] …`). A case needing a capability the implementation lacks is a
 * skipped test (`not applicable: needs …`), a waived failure is a skipped test with the
 * waiver's reason (or passes, under a runner that cannot skip a running test), a failure,
 * timeout, leak or stale case waiver fails its test, and a stale requirement waiver fails the
 * group at the end, saying which waiver to remove. Throws `CapabilitiesError`,
 * `ExpectedFailuresError` or `SelectionError` at once for malformed declarations.
 */
export function describeConformance(options: DescribeConformanceOptions): void {
  const run = createConformanceRun(options);
  const { runner } = options;
  runner.describe(`@aalis/api-agent conformance: ${run.implementation.name}`, () => {
    for (const planned of run.planned) {
      if (planned.missing.length > 0) {
        run.skip(planned.case);
        runner.skip(planned.case.title, `not applicable: needs ${planned.missing.join(', ')}`);
        continue;
      }
      runner.test(
        planned.case.title,
        async (skip) => settleTest(await run.run(planned.case), skip),
        planned.budgetMs,
      );
    }
    runner.after(() => finish(run.report(), options.onReport));
  });
}
