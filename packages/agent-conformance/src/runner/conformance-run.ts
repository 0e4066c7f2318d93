import { type Capabilities, type CapabilityKey, validateCapabilities } from '../capabilities';
import { CASES } from '../cases/all-cases';
import type { ConformanceCase } from '../define-case';
import { buildReport } from '../report/build-report';
import type { ConformanceReport } from '../report/conformance-report';
import { applyWaiver } from './apply-waiver';
import type { CaseResult } from './case-result';
import type { ConformanceOptions } from './conformance-options';
import type { ExpectedFailure } from './expected-failure';
import { TEARDOWN_TIMEOUT_MS } from './find-leaks';
import type { ImplementationInfo } from './implementation-info';
import { notApplicableResult } from './not-applicable-result';
import { DEFAULT_CASE_TIMEOUT_MS, runCase } from './run-case';
import { selectCases } from './select-cases';
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
  /** The ids the run is limited to (`only`), if it is. */
  readonly only: readonly string[] | undefined;
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

function implementationOf(value: ConformanceOptions['implementation']): ImplementationInfo {
  const implementation = typeof value === 'string' ? { name: value } : value;
  if (typeof implementation?.name !== 'string' || implementation.name.length === 0) {
    throw new TypeError('implementation needs a non-empty name');
  }
  return implementation;
}

function plan(
  cases: readonly ConformanceCase[],
  capabilities: Capabilities,
  timeoutMs: number | undefined,
): PlannedCase[] {
  return cases.map((testCase) => {
    const limit = timeoutMs ?? testCase.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
    return {
      case: testCase,
      missing: testCase.requires.filter((key) => capabilities[key] !== true),
      budgetMs: limit * 2 + TEARDOWN_TIMEOUT_MS + 1000,
    };
  });
}

/**
 * Starts a run: validates the capabilities (`CapabilitiesError`), the expected failures
 * (`ExpectedFailuresError`) and the `only` selection (`SelectionError`) before any case runs.
 */
export function createConformanceRun(options: ConformanceOptions): ConformanceRun {
  const capabilities = validateCapabilities(options.capabilities);
  if (typeof options.factory !== 'function')
    throw new TypeError('factory must be a function (harness) => agent');
  const only = options.only === undefined ? undefined : Object.freeze([...options.only]);
  const cases = only === undefined ? (options.cases ?? CASES) : selectCases(options.cases ?? CASES, only);
  const expectedFailures = validateExpectedFailures(options.expectedFailures, CASES);
  const implementation = implementationOf(options.implementation);
  const results: CaseResult[] = [];
  const startedAt = new Date();
  const started = performance.now();
  const record = (result: CaseResult) => {
    results.push(result);
    return result;
  };
  return {
    implementation,
    only,
    capabilities,
    expectedFailures,
    planned: plan(cases, capabilities, options.timeoutMs),
    results,
    run: async (testCase) => {
      const raw = await runCase(testCase, {
        factory: options.factory,
        capabilities,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
      return record(applyWaiver(raw, expectedFailures));
    },
    skip: (testCase) =>
      record(
        notApplicableResult(
          testCase,
          testCase.requires.filter((key) => capabilities[key] !== true),
        ),
      ),
    report: () =>
      buildReport({
        implementation,
        ...(only === undefined ? {} : { only }),
        capabilities,
        expectedFailures,
        results,
        startedAt: startedAt.toISOString(),
        durationMs: Math.round(performance.now() - started),
      }),
  };
}
