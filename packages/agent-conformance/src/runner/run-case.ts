import type { ConformanceCase } from '../define-case';
import type { CaseFailure } from './case-failure';
import type { CaseResult, Leak } from './case-result';
import type { CaseState } from './case-state';
import { unscriptedFailure } from './classify-failure';
import { exerciseCase } from './exercise-case';
import { openWorkLeaks, teardownLeaks } from './find-leaks';
import { notApplicableResult } from './not-applicable-result';
import type { RunCaseOptions } from './run-case-options';
import { createTimerTracker, type TimerTracker } from './timer-tracker';

/** The time limit of a case unless it or the run sets another: shorter than any test runner's default. */
export const DEFAULT_CASE_TIMEOUT_MS = 2000;

/** Lets the case's work settle, then finds what it left open and any unscripted model call. */
async function checkAfterCase(
  testCase: ConformanceCase,
  state: CaseState,
  failure: CaseFailure | undefined,
): Promise<{ readonly failure: CaseFailure | undefined; readonly leaks: Leak[] }> {
  if (failure?.outcome === 'timeout' || state.harness === undefined) return { failure, leaks: [] };
  await state.harness.settle();
  const built = [{ harness: state.harness, agent: state.agent }, ...state.peers];
  const leaks = built.flatMap((entry) => openWorkLeaks(entry.harness, entry.agent));
  let found = failure;
  for (const entry of built) found ??= unscriptedFailure(testCase, entry.harness);
  return { failure: found, leaks };
}

async function stopApps(tracker: TimerTracker, state: CaseState): Promise<Leak[]> {
  const leaks: Leak[] = [];
  for (const peer of state.peers) leaks.push(...(await teardownLeaks(tracker, peer.harness, false)));
  leaks.push(...(await teardownLeaks(tracker, state.harness)));
  return leaks;
}

function describeLeaks(leaks: readonly Leak[]): string {
  return leaks.map((leak) => leak.detail).join('; ');
}

function resultOf(
  testCase: ConformanceCase,
  outcome: { readonly failure: CaseFailure | undefined; readonly leaks: Leak[]; readonly durationMs: number },
): CaseResult {
  const { failure, leaks, durationMs } = outcome;
  const base = {
    id: testCase.id,
    title: testCase.title,
    requirements: testCase.requirements,
    durationMs,
    leaks,
    missingCapabilities: [],
  };
  if (failure !== undefined) {
    const also = leaks.length > 0 ? ` (also left behind: ${describeLeaks(leaks)})` : '';
    const { outcome: status, violated } = failure;
    return { ...base, status, outcome: status, violated, message: `${failure.message}${also}` };
  }
  if (leaks.length > 0) {
    const message = `left behind: ${describeLeaks(leaks)}`;
    return { ...base, status: 'leaked', outcome: 'leaked', violated: testCase.requirements, message };
  }
  return { ...base, status: 'passed', outcome: 'passed', violated: [] };
}

/**
 * Runs one case on a fresh harness: builds the implementation with the factory, runs the
 * case within its time limit, checks for leaks (unsettled `handleMessage` and other calls,
 * open model and tool calls), stops the app, and checks for timers left behind. Never
 * throws: every failure becomes the case's result. Waivers are not applied here.
 */
export async function runCase(testCase: ConformanceCase, options: RunCaseOptions): Promise<CaseResult> {
  const missing = testCase.requires.filter((key) => options.capabilities[key] !== true);
  if (missing.length > 0) return notApplicableResult(testCase, missing);
  const limitMs = options.timeoutMs ?? testCase.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  const started = performance.now();
  const tracker = createTimerTracker();
  const state: CaseState = { peers: [] };
  const exercised = await tracker.run(() => exerciseCase({ testCase, options, limitMs, state, tracker }));
  const { failure, leaks } = await checkAfterCase(testCase, state, exercised);
  leaks.push(...(await stopApps(tracker, state)));
  tracker.dispose();
  const durationMs = Math.round(performance.now() - started);
  return resultOf(testCase, { failure, leaks, durationMs });
}
