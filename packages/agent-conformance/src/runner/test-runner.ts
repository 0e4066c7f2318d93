/**
 * The few functions of a test runner `describeConformance` needs, so the suite runs under any
 * runner (vitest, `node:test`, jest, mocha, …).
 */
export interface TestRunner {
  /** Groups the tests, e.g. vitest's `describe`. */
  readonly describe: (name: string, body: () => void) => unknown;
  /** Registers one test that fails when `body` rejects, with a time limit in milliseconds. */
  readonly test: (name: string, body: () => Promise<void>, timeoutMs: number) => unknown;
  /** Registers a skipped test, with the reason it is skipped. */
  readonly skip: (name: string, reason: string) => unknown;
  /** Runs `body` once every test of the group ran; a rejection fails the group. */
  readonly after: (body: () => Promise<void>) => unknown;
}
