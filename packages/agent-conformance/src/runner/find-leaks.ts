import type { Harness } from '../harness/harness';
import type { AgentUnderTest } from './agent-under-test';
import type { Leak } from './case-result';
import { describeOpenWork } from './describe-open-work';
import type { TimerTracker } from './timer-tracker';
import { withinLimit } from './within-limit';

/** How long stopping the app after a case may take before it counts as a leak. */
export const TEARDOWN_TIMEOUT_MS = 1000;

function leak(kind: Leak['kind'], items: readonly string[], state: string): Leak[] {
  return items.length === 0 ? [] : [{ kind, detail: `${items.join('; ')} ${state}` }];
}

/** What a case left running once it settled: unsettled calls, open model and tool calls. */
export function openWorkLeaks(harness: Harness, agent: AgentUnderTest | undefined): Leak[] {
  const open = describeOpenWork(harness, agent);
  return [
    ...leak('unsettled-input', open.inputs, 'never settled'),
    ...leak('unsettled-call', open.calls, 'never settled'),
    ...leak('open-model-call', open.modelCalls, 'still open'),
    ...leak('open-tool-call', open.toolCalls, 'still open'),
  ];
}

/**
 * Stops the app of `harness` within {@link TEARDOWN_TIMEOUT_MS}, then (with `checkTimers`)
 * reports the implementation's timers still pending.
 */
export async function teardownLeaks(
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
  if (!stopped) {
    leaks.push({
      kind: 'teardown',
      detail: `stopping the app (app.stop(): its lifecycle.onDrain callbacks and plugin disposal) did not finish within ${TEARDOWN_TIMEOUT_MS} ms`,
    });
  }
  await harness.settle();
  // Timers are checked once, after the last app stopped: a peer's are the case's too.
  if (!checkTimers) return leaks;
  for (const timer of tracker.live()) {
    const delay = timer.delayMs === undefined ? '' : ` of ${timer.delayMs} ms`;
    leaks.push({
      kind: 'timer',
      detail: `a ${timer.repeating ? 'repeating ' : ''}timer${delay} still pending after the app stopped (clear it in lifecycle.onDrain)`,
    });
  }
  return leaks;
}
