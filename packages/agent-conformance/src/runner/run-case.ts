import type { AgentService, BoundAgent } from '@aalis/api-agent';
import type { Capabilities, CapabilityKey } from '../capabilities';
import { CaseTimeoutError } from '../case-timeout-error';
import { ConformanceAssertionError } from '../conformance-assertion-error';
import type { CasePeer, ConformanceCase } from '../define-case';
import { createHarness, createPeerHarness, setPendingTimersProbe } from '../harness/create-harness';
import type { Harness } from '../harness/harness';
import type { AgentFactory } from './agent-factory';
import { type AgentUnderTest, agentUnderTest } from './agent-under-test';
import type { CaseResult, Leak } from './case-result';
import { createTimerTracker, type LiveTimer, type TimerTracker } from './timer-tracker';
import { withinLimit } from './within-limit';

/** The time limit of a case unless it or the run sets another: shorter than any test runner's default. */
export const DEFAULT_CASE_TIMEOUT_MS = 2000;

/** How long stopping the app after a case may take before it counts as a leak. */
export const TEARDOWN_TIMEOUT_MS = 1000;

/** Options of {@link runCase}. */
export interface RunCaseOptions {
  readonly factory: AgentFactory;
  readonly capabilities: Capabilities;
  /** The time limit of each phase (factory, case); default the case's own, else 2000 ms. */
  readonly timeoutMs?: number;
}

/** Timers of the implementation this short are waited for when a case lets things settle. */
const SHORT_TIMER_MS = 50;

function isShortTimer(timer: LiveTimer): boolean {
  return !timer.repeating && timer.delayMs !== undefined && timer.delayMs <= SHORT_TIMER_MS;
}

interface Failure {
  readonly outcome: 'failed' | 'timeout';
  readonly violated: readonly string[];
  readonly message: string;
}

/**
 * Runs one case on a fresh harness: builds the implementation with the factory, runs the
 * case within its time limit, checks for leaks (unsettled `handleMessage` and other calls,
 * open model and tool calls), stops the app, and checks for timers left behind. Never
 * throws: every failure becomes the case's result. Waivers are not applied here.
 */
export async function runCase(testCase: ConformanceCase, options: RunCaseOptions): Promise<CaseResult> {
  const base = { id: testCase.id, title: testCase.title, requirements: testCase.requirements };
  const missing = testCase.requires.filter((key) => options.capabilities[key] !== true);
  if (missing.length > 0) return notApplicableResult(testCase, missing);
  const limitMs = options.timeoutMs ?? testCase.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  const started = performance.now();
  const tracker = createTimerTracker();
  const state: RunState = { peers: [] };
  let failure = await tracker.run(() => exercise({ testCase, options, limitMs, state, tracker }));
  const leaks: Leak[] = [];
  if (failure?.outcome !== 'timeout' && state.harness !== undefined) {
    await state.harness.settle();
    leaks.push(...openWork(state.harness, state.agent));
    for (const peer of state.peers) leaks.push(...openWork(peer.harness, peer.agent));
    failure ??= unscripted(testCase, state.harness);
    for (const peer of state.peers) failure ??= unscripted(testCase, peer.harness);
  }
  for (const peer of state.peers) leaks.push(...(await teardown(tracker, peer.harness, false)));
  leaks.push(...(await teardown(tracker, state.harness)));
  tracker.dispose();
  const durationMs = Math.round(performance.now() - started);
  const result = { ...base, durationMs, leaks, missingCapabilities: [] };
  if (failure !== undefined) {
    const message =
      leaks.length > 0 ? `${failure.message} (also left behind: ${describeLeaks(leaks)})` : failure.message;
    return {
      ...result,
      status: failure.outcome,
      outcome: failure.outcome,
      violated: failure.violated,
      message,
    };
  }
  if (leaks.length > 0) {
    const message = `left behind: ${describeLeaks(leaks)}`;
    return { ...result, status: 'leaked', outcome: 'leaked', violated: testCase.requirements, message };
  }
  return { ...result, status: 'passed', outcome: 'passed', violated: [] };
}

/** What a case built: its harness and implementation, and the peers it asked for. */
interface RunState {
  harness?: Harness;
  agent?: AgentUnderTest;
  readonly peers: CasePeer[];
}

async function exercise(input: {
  readonly testCase: ConformanceCase;
  readonly options: RunCaseOptions;
  readonly limitMs: number;
  readonly state: RunState;
  readonly tracker: TimerTracker;
}): Promise<Failure | undefined> {
  const { testCase, options, limitMs, state, tracker } = input;
  const timeout = (phase: 'factory' | 'case') => () =>
    new CaseTimeoutError({ caseId: testCase.id, phase, timeoutMs: limitMs });
  try {
    const harness = createHarness(testCase.harness);
    state.harness = harness;
    setPendingTimersProbe(harness, () => tracker.live().some(isShortTimer));
    const build = async (): Promise<AgentService | BoundAgent> => {
      const returned = await options.factory(harness);
      await harness.app.settled();
      return returned;
    };
    const returned = await withinLimit(build(), limitMs, timeout('factory'));
    const agent = agentUnderTest(harness, returned);
    state.agent = agent;
    const peer = async (): Promise<CasePeer> => {
      const peerHarness = createPeerHarness(harness, testCase.harness);
      const peerReturned = await withinLimit(
        Promise.resolve(options.factory(peerHarness)),
        limitMs,
        timeout('factory'),
      );
      await peerHarness.app.settled();
      const built = { harness: peerHarness, agent: agentUnderTest(peerHarness, peerReturned) };
      state.peers.push(built);
      return built;
    };
    const context = { harness, agent, capabilities: options.capabilities, peer };
    await withinLimit(testCase.run(context), limitMs, timeout('case'));
    return undefined;
  } catch (error) {
    return classify(testCase, error);
  }
}

function classify(testCase: ConformanceCase, error: unknown): Failure {
  if (ConformanceAssertionError.isInstance(error)) {
    const named = testCase.requirements.includes(error.requirement);
    return {
      outcome: 'failed',
      violated: named ? [error.requirement] : testCase.requirements,
      message: error.message,
    };
  }
  if (CaseTimeoutError.isInstance(error)) {
    return { outcome: 'timeout', violated: testCase.requirements, message: error.message };
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { outcome: 'failed', violated: testCase.requirements, message: `unexpected error: ${detail}` };
}

function unscripted(testCase: ConformanceCase, harness: Harness): Failure | undefined {
  const faults = harness.faults.filter((fault) => fault.kind === 'unscripted-call');
  if (faults.length === 0) return undefined;
  const message = `the implementation made model calls the case did not allow: ${faults.map((fault) => fault.message).join('; ')}`;
  return { outcome: 'failed', violated: testCase.requirements, message };
}

function openWork(harness: Harness, agent: AgentUnderTest | undefined): Leak[] {
  const leaks: Leak[] = [];
  const unsettled = agent?.unsettled() ?? { inputs: 0, calls: 0 };
  if (unsettled.inputs > 0)
    leaks.push({
      kind: 'unsettled-input',
      detail: `${unsettled.inputs} handleMessage promise(s) never settled`,
    });
  if (unsettled.calls > 0)
    leaks.push({
      kind: 'unsettled-call',
      detail: `${unsettled.calls} clearing/assignModel promise(s) never settled`,
    });
  const model = harness.model.openCalls();
  if (model > 0) leaks.push({ kind: 'open-model-call', detail: `${model} model call(s) still open` });
  const tools = harness.tools.openCalls();
  if (tools > 0) leaks.push({ kind: 'open-tool-call', detail: `${tools} tool call(s) still open` });
  return leaks;
}

async function teardown(
  tracker: TimerTracker,
  harness: Harness | undefined,
  checkTimers = true,
): Promise<Leak[]> {
  if (harness === undefined) return [];
  const leaks: Leak[] = [];
  const stop = tracker.run(() => harness.app.stop()).catch(() => undefined);
  const stopped = await withinLimit(
    stop.then(() => true),
    TEARDOWN_TIMEOUT_MS,
    () => new Error('teardown'),
  ).catch(() => false);
  if (!stopped)
    leaks.push({
      kind: 'teardown',
      detail: `stopping the app did not finish within ${TEARDOWN_TIMEOUT_MS} ms`,
    });
  await harness.settle();
  // Timers are checked once, after the last app stopped: a peer's are the case's too.
  if (!checkTimers) return leaks;
  for (const timer of tracker.live()) {
    const delay = timer.delayMs === undefined ? '' : ` of ${timer.delayMs} ms`;
    leaks.push({
      kind: 'timer',
      detail: `a ${timer.repeating ? 'repeating ' : ''}timer${delay} still pending`,
    });
  }
  return leaks;
}

/** The result of a case the implementation's capabilities rule out. */
export function notApplicableResult(
  testCase: ConformanceCase,
  missing: readonly CapabilityKey[],
): CaseResult {
  return {
    id: testCase.id,
    title: testCase.title,
    requirements: testCase.requirements,
    status: 'not-applicable',
    outcome: 'not-applicable',
    durationMs: 0,
    violated: [],
    message: `not applicable: needs ${missing.join(', ')}`,
    leaks: [],
    missingCapabilities: missing,
  };
}

function describeLeaks(leaks: readonly Leak[]): string {
  return leaks.map((leak) => leak.detail).join('; ');
}
