import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { holdTurn, incomingWrites, sendInjection, session, turns } from './scenario';

/**
 * [SVC-2] `handleMessage` resolves once its input is settled (「返回时这条输入已落定…或它被放掉」),
 * and releasing an input by `abort` with `queued` is archiving it without turn id once the
 * running turn settled ([ABT-3]): while that archive write waits for a slow store, the call has
 * not resolved. The near miss settles released inputs when their release begins.
 */
const releasedSettlesArchived = defineCase({
  requirements: ['SVC-2', 'ABT-3'],
  name: 'handleMessage of an input released by abort with queued resolves only once its input is archived',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const queued = sendInjection(context, 's1', 'queued job');
    await h.settle();
    // The store is slow to take the released input in.
    const store = createGate();
    h.archive.holdNext('archiveIncoming', store);
    context.agent.abort('s1', { queued: true });
    // The stopped turn ends; its own call may wait for the release too, so it is not awaited.
    await h.until(() => turns(h, 's1')[0]?.afterRun?.endSeq !== undefined, 'the stopped turn of s1 to end');
    await h.settle();
    const settledEarly = queued.settled;
    store.open();
    await Promise.all([held.input.done, queued.done]);
    assert.that('SVC-2', !settledEarly, {
      rule: 'handleMessage of an input released by abort with queued must resolve only once the input is settled: archived without a turn id',
      observed:
        'handleMessage resolved while the archive write of the released input still waited for the store',
    });
    assert.equal('ABT-3', incomingWrites(h, 'queued job').length, 1, {
      rule: 'an input released by abort with queued must be archived once',
      subject: 'the archive writes of the released input',
    });
  },
});

/** The cases of how released inputs settle ([SVC-2]). */
export const SVC_RELEASED_CASES = [releasedSettlesArchived];
