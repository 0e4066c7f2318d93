import { assert } from '../assert';
import { defineCase } from '../define-case';
import { contents, sendHuman, sendInjection, session, turns } from './scenario';

/**
 * [ABT-4] [SCH-5] [SCH-3] Without `queued`, what waits opens the next turns as usual: one turn
 * at a time in the order it was enqueued. A stop meets a pending insertion here: the stopped
 * turn makes no further model call, so a human input that arrived as its pending insertion is
 * no part of it and opens a turn of its own — after an injection that was queued before it.
 * Near misses: the stopped turn's leftover insertions put ahead of the queue as its
 * continuation; the stopped turn taking them in before it notices the stop.
 */
const waitingOpenInEnqueueOrder = defineCase({
  requirements: ['ABT-4', 'SCH-5', 'SCH-3'],
  name: 'without queued an injection queued before the stopped turn’s pending insertion opens the next turn, the insertion the one after',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const slow = h.tools.define({ name: 'slow', steps: [{ untilAborted: true }] });
    h.model.script([
      { toolCalls: [{ name: 'slow' }] },
      { text: 'reply to the job' },
      { text: 'reply to the human' },
    ]);
    const opening = sendHuman(context, 's1', 'running');
    await slow.started(0);
    const job = sendInjection(context, 's1', 'queued job');
    await h.settle();
    const human = sendHuman(context, 's1', 'pending human');
    await h.settle();
    context.agent.abort('s1');
    await Promise.all([opening.done, job.done, human.done]);
    await h.settle();
    const [stopped, ...later] = turns(h, 's1');
    assert.deepEqual('ABT-4', stopped === undefined ? [] : contents(stopped.inputs), ['running'], {
      rule: 'a turn stopped during a tool call makes no further model call: a pending insertion must not join it but open a later turn',
      subject: 'the inputs of the stopped turn',
    });
    assert.deepEqual(
      'SCH-5',
      later.map((turn) => contents(turn.inputs)),
      [['queued job'], ['pending human']],
      {
        rule: 'after an abort without queued, the waiting inputs must open their turns in the order they were enqueued',
        subject: 'the inputs of the turns after the abort, in the order they opened',
      },
    );
    for (const turn of later)
      assert.equal('ABT-4', turn.after?.outcome, 'replied', {
        rule: 'without queued, the waiting inputs must open the next turns after an abort',
        subject: `the outcome of turn ${turn.turnId}`,
      });
  },
});

/** The cases of what waits when a turn is stopped without `queued` ([ABT-4]). */
export const ABT_WAITING_ORDER_CASES = [waitingOpenInEnqueueOrder];
