import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import type { InputRecord } from '../runner/input-record';
import { answeredThenStuck, assertSettles, LIVENESS_TIMEOUT_MS, stuckInPreprocessing } from './liveness';
import { endMarkers } from './scenario';

/**
 * [OUT-3] with [LIV-1]: an input whose `agent:input:before` middleware hangs is handled too once
 * the agent gives up on that middleware. Before `next` the input was dropped (PRE-1: 「不调用
 * next 则丢弃…流结束标记照发」), after `next` it was handled by its turn: either way exactly one
 * stream end marker. The near misses take an abandoned run for one that went through `next`
 * (no marker for the dropped input) or for one that never did (a second marker for the handled
 * one).
 */

/** Checks that s1, once `stuck` settled after `after`, got exactly one stream end marker. */
async function assertOneEnd(context: CaseContext, stuck: InputRecord, after: string, where: string) {
  await assertSettles('LIV-1', stuck, after);
  await context.harness.settle();
  const ends = endMarkers(context.harness, 's1');
  assert.equal('OUT-3', ends.length, 1, {
    rule: 'every input handled or dropped must get exactly one stream end marker, also when a middleware of its agent:input:before run hung and the agent gave up on it',
    subject: `the stream end markers of an input whose agent:input:before middleware hung ${where}, after ${after}`,
  });
}

const endAfterAbortQueued = defineCase({
  requirements: ['OUT-3', 'LIV-1'],
  name: 'an input dropped while its agent:input:before middleware hangs before next gets one stream end marker after abort with queued',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  // Stuck for good: the agent never let the hung middleware go, which is [LIV-1] alone.
  timeoutViolates: ['LIV-1'],
  run: async (context) => {
    const stuck = await stuckInPreprocessing(context);
    context.agent.abort('s1', { queued: true });
    await assertOneEnd(context, stuck, 'abort with queued', 'before next()');
  },
});

const endAfterDeletion = defineCase({
  requirements: ['OUT-3', 'LIV-1'],
  name: 'an input dropped while its agent:input:before middleware hangs before next gets one stream end marker after its session is deleted',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  // Stuck for good: the agent never let the hung middleware go, which is [LIV-1] alone.
  timeoutViolates: ['LIV-1'],
  run: async (context) => {
    const h = context.harness;
    const stuck = await stuckInPreprocessing(context);
    const generation = h.sessions.advanceGeneration('s1');
    await h.events.emit('session:deleted', { sessionId: 's1', generation });
    await assertOneEnd(context, stuck, 'the deletion of its session', 'before next()');
  },
});

const endOfAnsweredAfterAbort = defineCase({
  requirements: ['OUT-3', 'LIV-1'],
  name: 'an answered input whose agent:input:before middleware hangs after next gets one stream end marker, not a second after abort',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  // Stuck for good: the agent never let the hung middleware go, which is [LIV-1] alone.
  timeoutViolates: ['LIV-1'],
  run: async (context) => {
    const stuck = await answeredThenStuck(context);
    context.agent.abort('s1');
    await assertOneEnd(context, stuck, 'abort', 'after next()');
  },
});

/** The cases of the stream end markers of inputs whose preprocessing the agent gave up on ([OUT-3]). */
export const OUT_ABANDONED_CASES = [endAfterAbortQueued, endAfterDeletion, endOfAnsweredAfterAbort];
