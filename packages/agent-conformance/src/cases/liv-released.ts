import { assert } from '../assert';
import { defineCase } from '../define-case';
import { assertSettles, LIVENESS_TIMEOUT_MS } from './liveness';
import { holdTurn, sendInjection, session } from './scenario';

/**
 * [LIV-1] on the path of [ABT-3]: inputs released by `abort` with `queued` are archived without a turn id
 * after the running turn settles, a write that waits on the store. A store that never answers
 * must not keep their `handleMessage` from settling (SVC-2 holds regardless): the release is a
 * stop like any other, already in force when that write starts. The near miss gives hung pieces
 * a grace time that starts only when a stop comes later, so a write begun after the stop waits
 * for ever.
 */
const releasedPastHungStore = defineCase({
  requirements: ['LIV-1'],
  name: 'a store that never answers for inputs released by abort with queued cannot keep their handleMessage from settling',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const released = sendInjection(context, 's1', 'queued behind the running turn');
    await h.settle();
    h.archive.hangNext('archiveIncoming');
    context.agent.abort('s1', { queued: true });
    await assertSettles('LIV-1', held.input, 'abort with queued');
    await assertSettles('LIV-1', released, 'abort with queued, while the store hung on its archive write,');
    assert.equal('LIV-1', h.model.requests.length, 1, {
      rule: 'an input released by abort with queued must open no turn (ABT-3)',
      subject: 'the model calls of s1',
    });
  },
});

/** The liveness cases of inputs released by abort with queued ([LIV-1]). */
export const LIV_RELEASED_CASES = [releasedPastHungStore];
