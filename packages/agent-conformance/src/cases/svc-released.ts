import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import type { InputRecord } from '../runner/input-record';
import {
  holdClearing,
  holdTurn,
  incomingWrites,
  sendDuringDeletion,
  sendInjection,
  session,
  turns,
} from './scenario';

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

/** Inputs released each way a caller can release one: by abort with queued, a clearing, a deletion. */
async function releaseEachWay(context: CaseContext): Promise<Record<string, InputRecord>> {
  const h = context.harness;
  session(h, 's1');
  session(h, 's2');
  const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
  const byAbort = sendInjection(context, 's1', 'released by abort');
  await h.settle();
  context.agent.abort('s1', { queued: true });
  await Promise.all([held.input.done, byAbort.done]);
  const running = await holdTurn(context, { sessionId: 's2', content: 'running', untilAborted: true });
  const byClearing = sendInjection(context, 's2', 'released by a clearing');
  await h.settle();
  const clearing = await holdClearing(context, ['s2']);
  clearing.gate.open();
  await clearing.outcome;
  await Promise.all([running.input.done, byClearing.done]);
  const byDeletion = await sendDuringDeletion(context, 'released for its deleted session');
  await byDeletion.done;
  return { 'abort with queued': byAbort, 'a clearing': byClearing, 'a deletion': byDeletion };
}

/**
 * [SVC-2] [SVC-3] An input released — by abort with queued, a clearing, its session's deletion —
 * is settled: its `handleMessage` resolves; it rejects only for an invalid input. One case per
 * rule, so that an agent that rejects a released input's call is reported violating each. The
 * near miss (routing inputs between processes) rejects the call of an input the serving process
 * released.
 */
function releasedResolvesCase(requirement: 'SVC-2' | 'SVC-3') {
  return defineCase({
    requirements: [requirement],
    name:
      requirement === 'SVC-2'
        ? 'handleMessage of an input released by abort, clearing or deletion resolves'
        : 'handleMessage of a valid input that was released does not reject',
    run: async (context) => {
      const released = await releaseEachWay(context);
      for (const [how, input] of Object.entries(released))
        assert.equal(requirement, input.state, 'resolved', {
          rule:
            requirement === 'SVC-2'
              ? 'handleMessage must resolve once its input is settled, and a released input is settled'
              : 'handleMessage rejects only for an invalid input: a valid input that was released resolves',
          subject: `how handleMessage of an input released by ${how} settled`,
        });
    },
  });
}

/** The cases of how released inputs settle ([SVC-2], [SVC-3]). */
export const SVC_RELEASED_CASES = [
  releasedSettlesArchived,
  releasedResolvesCase('SVC-2'),
  releasedResolvesCase('SVC-3'),
];
