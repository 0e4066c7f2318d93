import { type Capabilities, type CapabilityKey, validateCapabilities } from '../capabilities';
import { CASES } from '../cases/all-cases';
import type { ConformanceCase } from '../define-case';
import { buildReport } from '../report/build-report';
import type { ConformanceReport } from '../report/conformance-report';
import { applyWaiver } from './apply-waiver';
import type { CaseResult } from './case-result';
import type { ConformanceOptions } from './conformance-options';
import type { ExpectedFailure } from './expected-failure';
import type { ImplementationInfo } from './implementation-info';
import { DEFAULT_CASE_TIMEOUT_MS, notApplicableResult, runCase, TEARDOWN_TIMEOUT_MS } from './run-case';
import { validateExpectedFailures } from './validate-expected-failures';

/** A case as a run plans it: with the capabilities it misses, if any. */
export interface PlannedCase {
  readonly case: ConformanceCase;
  /** Empty when the case applies. */
  readonly missing: readonly CapabilityKey[];
  /** The most time the case can take, all phases together (for a test runner's timeout). */
  readonly budgetMs: number;
}

/**
 * One conformance run, shared by the standalone runner and the test-runner adapters: the
 * options validated up front, the planned cases, and the results as they come in.
 */
export interface ConformanceRun {
  readonly implementation: ImplementationInfo;
  readonly capabilities: Capabilities;
  readonly expectedFailures: readonly ExpectedFailure[];
  readonly planned: readonly PlannedCase[];
  /** Runs a case (or records it not applicable), applies the waivers and records the result. */
  run(testCase: ConformanceCase): Promise<CaseResult>;
  /** Records a case the capabilities rule out as `not-applicable`, without running it. */
  skip(testCase: ConformanceCase): CaseResult;
  /** The results recorded so far, in the order they were recorded. */
  readonly results: readonly CaseResult[];
  /** The report over the results recorded so far. */
  report(): ConformanceReport;
}

/**
 * Starts a run: validates the capabilities (`CapabilitiesError`) and the expected failures
 * (`ExpectedFailuresError`) before any case runs.
 */
export function createConformanceRun(options: ConformanceOptions): ConformanceRun {
  const capabilities = validateCapabilities(options.capabilities);
  if (typeof options.factory !== 'function')
    throw new TypeError('factory must be a function (harness) => agent');
  const cases = options.cases ?? CASES;
  const expectedFailures = validateExpectedFailures(options.expectedFailures, CASES);
  const implementation =
    typeof options.implementation === 'string' ? { name: options.implementation } : options.implementation;
  if (typeof implementation?.name !== 'string' || implementation.name.length === 0) {
    throw new TypeError('implementation needs a non-empty name');
  }
  const results: CaseResult[] = [];
  const startedAt = new Date();
  const started = performance.now();
  const planned = cases.map((testCase) => {
    const limit = options.timeoutMs ?? testCase.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
    return {
      case: testCase,
      missing: testCase.requires.filter((key) => capabilities[key] !== true),
      budgetMs: limit * 2 + TEARDOWN_TIMEOUT_MS + 1000,
    };
  });
  return {
    implementation,
    capabilities,
    expectedFailures,
    planned,
    results,
    run: async (testCase) => {
      const raw = await runCase(testCase, {
        factory: options.factory,
        capabilities,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
      const result = applyWaiver(raw, expectedFailures);
      results.push(result);
      return result;
    },
    skip: (testCase) => {
      const missing = testCase.requires.filter((key) => capabilities[key] !== true);
      const result = notApplicableResult(testCase, missing);
      results.push(result);
      return result;
    },
    report: () =>
      buildReport({
        implementation,
        capabilities,
        expectedFailures,
        results,
        startedAt: startedAt.toISOString(),
        durationMs: Math.round(performance.now() - started),
      }),
  };
}
