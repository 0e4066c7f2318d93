import type { AgentService, BoundAgent } from '@aalis/api-agent';
import type { CasePeer, ConformanceCase } from '../define-case';
import { createHarness, createPeerHarness, setPendingTimersProbe } from '../harness/create-harness';
import type { Harness } from '../harness/harness';
import type { AgentFactory } from './agent-factory';
import { agentUnderTest } from './agent-under-test';
import type { CaseFailure } from './case-failure';
import type { CaseState } from './case-state';
import { classifyFailure } from './classify-failure';
import { createInputsOnTheirWay } from './inputs-on-their-way';
import type { RunCaseOptions } from './run-case-options';
import { timeoutOf } from './timeout-of';
import type { LiveTimer, TimerTracker } from './timer-tracker';
import { withinLimit } from './within-limit';

/** Timers of the implementation this short are waited for when a case lets things settle. */
const SHORT_TIMER_MS = 50;

function isShortTimer(timer: LiveTimer): boolean {
  return !timer.repeating && timer.delayMs !== undefined && timer.delayMs <= SHORT_TIMER_MS;
}

/** What {@link exerciseCase} takes. */
export interface ExerciseInput {
  readonly testCase: ConformanceCase;
  readonly options: RunCaseOptions;
  readonly limitMs: number;
  readonly state: CaseState;
  readonly tracker: TimerTracker;
}

/** Calls the factory, then lets the app settle, naming each step for a timeout's message. */
async function build(
  factory: AgentFactory,
  harness: Harness,
  state: CaseState,
): Promise<AgentService | BoundAgent> {
  state.factoryStep = 'factory(harness) to return';
  const returned = await factory(harness);
  state.factoryStep = 'harness.app.settled(): the plugins the factory loaded to finish applying';
  await harness.app.settled();
  state.factoryStep = undefined;
  return returned;
}

function peerBuilder(input: ExerciseInput, harness: Harness): () => Promise<CasePeer> {
  const { testCase, options, limitMs, state } = input;
  return async () => {
    const peerHarness = createPeerHarness(harness, testCase.harness);
    const returned = await withinLimit(build(options.factory, peerHarness, state), limitMs, () =>
      timeoutOf({ testCase, phase: 'factory', limitMs, state }),
    );
    const peer = { harness: peerHarness, agent: agentUnderTest(peerHarness, returned) };
    state.peers.push(peer);
    return peer;
  };
}

/**
 * Builds the implementation on a fresh harness and runs the case, each within the time limit.
 * Resolves with the failure, or `undefined` when the case passed its checks.
 */
export async function exerciseCase(input: ExerciseInput): Promise<CaseFailure | undefined> {
  const { testCase, options, limitMs, state, tracker } = input;
  const timeout = (phase: 'factory' | 'case') => () => timeoutOf({ testCase, phase, limitMs, state });
  try {
    const harness = createHarness(testCase.harness);
    state.harness = harness;
    const onTheirWay = createInputsOnTheirWay(state);
    setPendingTimersProbe(
      harness,
      () => tracker.live().some(isShortTimer) || onTheirWay.pending(),
      () => onTheirWay.markStuck(),
    );
    const returned = await withinLimit(build(options.factory, harness, state), limitMs, timeout('factory'));
    const agent = agentUnderTest(harness, returned);
    state.agent = agent;
    const context = { harness, agent, capabilities: options.capabilities, peer: peerBuilder(input, harness) };
    await withinLimit(testCase.run(context), limitMs, timeout('case'));
    return undefined;
  } catch (error) {
    return classifyFailure(testCase, error);
  }
}
