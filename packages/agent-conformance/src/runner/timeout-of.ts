import { CaseTimeoutError } from '../case-timeout-error';
import type { ConformanceCase } from '../define-case';
import { pendingWaits } from '../harness/create-harness';
import type { CaseState } from './case-state';
import { describeOpenWork } from './describe-open-work';

/**
 * The error of a phase that ran out of time, made when the time limit fires so it describes
 * that moment: what the case was awaiting, and what was still open.
 */
export function timeoutOf(input: {
  readonly testCase: ConformanceCase;
  readonly phase: 'factory' | 'case';
  readonly limitMs: number;
  readonly state: CaseState;
}): CaseTimeoutError {
  const { testCase, phase, limitMs, state } = input;
  const base = { caseId: testCase.id, phase, timeoutMs: limitMs };
  if (state.harness === undefined) return new CaseTimeoutError(base);
  if (phase === 'factory') {
    return new CaseTimeoutError({
      ...base,
      waitingFor: state.factoryStep === undefined ? [] : [state.factoryStep],
    });
  }
  const open = describeOpenWork(state.harness, state.agent);
  // A peer ([DUR-3]) is another process: its open calls are named as its own.
  const peers = state.peers.flatMap((peer) => {
    const work = describeOpenWork(peer.harness, peer.agent);
    return [...work.inputs, ...work.calls, ...work.modelCalls, ...work.toolCalls].map(
      (item) => `${item} in the second process`,
    );
  });
  return new CaseTimeoutError({
    ...base,
    waitingFor: pendingWaits(state.harness),
    open: [...open.inputs, ...open.calls, ...open.modelCalls, ...open.toolCalls, ...peers],
    neverCalled: open.waitingSteps,
    progress: `the implementation had made ${state.harness.model.requests.length} model call(s) and ${state.harness.tools.calls.length} tool call(s)`,
  });
}
