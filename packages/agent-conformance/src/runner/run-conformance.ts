import type { ConformanceReport } from '../report/conformance-report';
import type { CaseResult } from './case-result';
import type { ConformanceOptions } from './conformance-options';
import { createConformanceRun } from './conformance-run';

/** Options of {@link runConformance}. */
export interface RunConformanceOptions extends ConformanceOptions {
  /** Called after each case, e.g. to print progress. */
  readonly onCase?: (result: CaseResult) => void;
}

/**
 * The standalone runner: runs every case one after the other against the implementation
 * and resolves with the report. Throws `CapabilitiesError` or `ExpectedFailuresError`
 * before running anything when the declarations are malformed; never rejects because of a
 * case (failures, timeouts and leaks are results).
 */
export async function runConformance(options: RunConformanceOptions): Promise<ConformanceReport> {
  const run = createConformanceRun(options);
  for (const planned of run.planned) {
    const result = await run.run(planned.case);
    options.onCase?.(result);
  }
  return run.report();
}
