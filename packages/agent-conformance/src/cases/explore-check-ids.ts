import { assert } from '../assert';
import type { Harness } from '../harness/harness';
import type { TurnWindow } from './explore-windows';
import { spans, windowAt } from './explore-windows';
import { outbound, streamChunks, turns, usageOf } from './scenario';

/**
 * Checks of the ids an explored program's turns hand out and carry, of one `token:usage` per
 * answered model call, and of one `agent:llm:before` per model call. Not public API.
 */
export function checkIds(harness: Harness, windows: readonly TurnWindow[], where: string): void {
  const all = turns(harness).map((turn) => turn.turnId);
  assert.equal('TID-1', new Set(all).size, all.length, {
    rule: 'each turn must get a fresh unique turnId',
    subject: `the distinct turn ids among ${all.length} turns (${where})`,
  });
  const sessionId = windows[0]?.turn.sessionId;
  if (sessionId === undefined) return;
  checkCarried(harness, windows, sessionId, where);
  checkToolCalls(harness, windows, sessionId, where);
  checkUsagePerCall(harness, windows, where);
  checkModelCallsHooked(harness, windows, sessionId, where);
}

/**
 * Every model call of a turn has its own `agent:llm:before` ([HK-3]): a turn makes no more model
 * calls than it ran the hook — a call made again after a failure without the hook is one more.
 */
function checkModelCallsHooked(
  harness: Harness,
  windows: readonly TurnWindow[],
  sessionId: string,
  where: string,
): void {
  const hooked = harness.hooks.of('agent:llm:before').filter((run) => run.payload.sessionId === sessionId);
  windows.forEach((window, index) => {
    const within = (seq: number) => spans(window, seq);
    const calls = harness.model.requests.filter((call) => within(call.seq)).length;
    const runs = hooked.filter((run) => within(run.seq)).length;
    assert.that('HK-3', calls <= runs, {
      rule: 'agent:llm:before must run before every model call, each retry and each call after a failure included',
      observed: `turn ${index + 1} made ${calls} model call(s) and ran agent:llm:before ${runs} time(s) (${where})`,
    });
  });
}

/** Usage, replies and notices, stream chunks: each carries the id of the turn it came from. */
function checkCarried(
  harness: Harness,
  windows: readonly TurnWindow[],
  sessionId: string,
  where: string,
): void {
  const carried = [
    ...usageOf(harness, { sessionId }).map((usage) => ({ what: 'a token:usage', turnId: usage.turnId })),
    ...outbound(harness, sessionId).map((message) => ({
      what: 'an outbound message',
      turnId: message.turnId,
    })),
    ...streamChunks(harness, sessionId)
      .filter((chunk) => chunk.type !== 'end' || chunk.turnId !== undefined)
      .map((chunk) => ({ what: `a ${chunk.type} stream chunk`, turnId: chunk.turnId })),
  ];
  const ids = new Set(windows.map((window) => window.turn.turnId));
  for (const { what, turnId } of carried)
    assert.that('TID-2', turnId !== undefined && ids.has(turnId), {
      rule: "usage, replies, notices and stream chunks of a turn must carry that turn's turnId",
      observed: `${what} carried turn id ${String(turnId)}, not the id of a turn of the session (${where})`,
    });
}

function checkToolCalls(
  harness: Harness,
  windows: readonly TurnWindow[],
  sessionId: string,
  where: string,
): void {
  const calls = harness.tools.calls.filter((call) => call.context.sessionId === sessionId);
  for (const call of calls) {
    const window = windowAt(windows, call.seq);
    assert.equal('TID-2', call.context.turnId, window?.turn.turnId, {
      rule: "a tool call's ToolCallContext must carry the turnId of the turn that made it",
      subject: `the turn id of a tool call (${where})`,
    });
  }
  const callIds = calls.map((call) => call.context.callId);
  assert.equal('TID-3', new Set(callIds).size, callIds.length, {
    rule: 'each tool call must have its own unique callId',
    subject: `the distinct call ids among ${callIds.length} tool calls (${where})`,
  });
}

/** One `token:usage` per answered model call of a turn that was not stopped ([USG-1]). */
function checkUsagePerCall(harness: Harness, windows: readonly TurnWindow[], where: string): void {
  windows.forEach((window, index) => {
    const answered = harness.model.requests.filter(
      (call) => call.state === 'resolved' && window.start <= call.seq && call.seq <= window.end,
    ).length;
    const usage = usageOf(harness, { turnId: window.turn.turnId }).length;
    const stopped = window.turn.after?.outcome === 'aborted';
    assert.that('USG-1', stopped ? usage <= answered : usage === answered, {
      rule: 'one token:usage must follow every model call that answered, none a call that threw',
      observed: `turn ${index + 1} (outcome ${String(window.turn.after?.outcome)}) had ${answered} answered model call(s) and ${usage} token:usage event(s) (${where})`,
    });
  });
}
