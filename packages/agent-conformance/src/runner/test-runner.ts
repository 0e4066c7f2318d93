/**
 * Marks the running test skipped, with a note the runner shows (vitest's `context.skip(note)`,
 * `node:test`'s `t.skip(message)`). It may throw to stop the test, as vitest's does.
 */
export type SkipRunningTest = (note: string) => void;

/**
 * The few functions of a test runner `describeConformance` needs, so the suite runs under any
 * runner (vitest, `node:test`, jest, mocha, …).
 */
export interface TestRunner {
  /** Groups the tests, e.g. vitest's `describe`. */
  readonly describe: (name: string, body: () => void) => unknown;
  /**
   * Registers one test that fails when `body` rejects, with a time limit in milliseconds. A
   * runner that can skip a test once it runs passes `skip` to `body`: a waived case is then
   * reported skipped with the waiver's reason; without it, a waived case passes.
   */
  readonly test: (
    name: string,
    body: (skip?: SkipRunningTest) => Promise<void>,
    timeoutMs: number,
  ) => unknown;
  /** Registers a skipped test, with the reason it is skipped. */
  readonly skip: (name: string, reason: string) => unknown;
  /** Runs `body` once every test of the group ran; a rejection fails the group. */
  readonly after: (body: () => Promise<void>) => unknown;
}
