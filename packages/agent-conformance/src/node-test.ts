import { after, describe, test } from 'node:test';
import {
  describeConformance as describeWithRunner,
  type DescribeConformanceOptions as RunnerOptions,
} from './runner/describe-conformance';
import type { TestRunner } from './runner/test-runner';

/** Options of the `node:test` `describeConformance`: those of the core one without `runner`. */
export type DescribeConformanceOptions = Omit<RunnerOptions, 'runner'>;

const nodeTestRunner: TestRunner = {
  describe: (name, body) => describe(name, body),
  test: (name, body, timeoutMs) =>
    test(name, { timeout: timeoutMs }, (context) => body((note) => context.skip(note))),
  skip: (name, reason) => test(name, { skip: reason }, () => undefined),
  after: (body) => after(body),
};

/**
 * Registers the conformance suite with `node:test`: one test per case, titled with its
 * requirement ids. Cases needing a capability the implementation lacks are skipped with the
 * reason `not applicable`, waived failures are skipped with the waiver's reason, and a stale
 * waiver fails. Throws `CapabilitiesError`, `ExpectedFailuresError` or `SelectionError` at
 * once for malformed declarations.
 */
export function describeConformance(options: DescribeConformanceOptions): void {
  describeWithRunner({ ...options, runner: nodeTestRunner });
}
