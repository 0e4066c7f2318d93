import type { ConformanceReport } from '../report/conformance-report';
import type { ConformanceOptions } from './conformance-options';
import { createConformanceRun } from './conformance-run';
import { failureOf } from './describe-failure';
import type { TestRunner } from './test-runner';

/** Options of {@link describeConformance}. */
export interface DescribeConformanceOptions extends ConformanceOptions {
  /** The test runner to register with. */
  readonly runner: TestRunner;
  /** Receives the report once every case ran (e.g. to write it to a file). */
  readonly onReport?: (report: ConformanceReport) => void | Promise<void>;
}

/**
 * Registers the conformance suite with a test runner: one test per case, titled with its
 * requirement ids (`[ABT-3] …`). A case needing a capability the implementation lacks is a
 * skipped test (`not applicable: needs …`), a waived failure passes, a failure, timeout,
 * leak or stale case waiver fails its test, and a stale requirement waiver fails the group
 * at the end. Throws `CapabilitiesError` or `ExpectedFailuresError` at once for malformed
 * declarations.
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
        async () => {
          const failure = failureOf(await run.run(planned.case));
          if (failure !== undefined) throw failure;
        },
        planned.budgetMs,
      );
    }
    runner.after(async () => {
      const report = run.report();
      await options.onReport?.(report);
      const stale = report.staleWaivers.filter((waiver) => !waiver.id.startsWith('case:'));
      if (stale.length > 0) {
        throw new Error(
          `stale waivers (the requirements passed): ${stale.map((waiver) => waiver.id).join(', ')}`,
        );
      }
    });
  });
}
