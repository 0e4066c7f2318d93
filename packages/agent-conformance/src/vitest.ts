import { afterAll, describe, test } from 'vitest';
import {
  describeConformance as describeWithRunner,
  type DescribeConformanceOptions as RunnerOptions,
} from './runner/describe-conformance';
import type { TestRunner } from './runner/test-runner';

/** Options of the vitest `describeConformance`: those of the core one without `runner`. */
export type DescribeConformanceOptions = Omit<RunnerOptions, 'runner'>;

const vitestRunner: TestRunner = {
  describe: (name, body) => describe(name, body),
  test: (name, body, timeoutMs) => test(name, (context) => body((note) => context.skip(note)), timeoutMs),
  skip: (name, reason) => test.skip(`${name} (${reason})`, () => undefined),
  after: (body) => afterAll(body),
};

/**
 * Registers the conformance suite with vitest: one test per case, titled with its
 * requirement ids (`[ABT-3] …`). Cases needing a capability the implementation lacks are
 * registered as skipped (`not applicable`), waived failures are skipped with the waiver's
 * reason as the note, and a stale waiver fails. Throws `CapabilitiesError`,
 * `ExpectedFailuresError` or `SelectionError` at collection for malformed declarations. Call
 * it at the top level of a test file.
 */
export function describeConformance(options: DescribeConformanceOptions): void {
  describeWithRunner({ ...options, runner: vitestRunner });
}
