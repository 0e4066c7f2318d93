import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { callContains, contents, sendHuman, sendInjection, session, turns } from './scenario';

/**
 * [SCH-4] [SCH-2] [SCH-7] An injection waits for a turn of its own even when a human input
 * arrives behind it and joins the running human-opened turn: the joiner is taken before the next
 * model call, the injection is not, and every turn's inputs share one source. The near miss keeps one list of waiting inputs and takes all of
 * it when the turn takes its pending insertions, the queued injection included.
 */
const injectionBehindJoiner = defineCase({
  requirements: ['SCH-4', 'SCH-2', 'SCH-7'],
  name: 'an injection queued during a human-opened turn is not taken into it when a human input behind it joins',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const gate = createGate();
    const lookup = h.tools.define({ name: 'lookup', steps: [{ waitFor: gate }] });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'answer to both humans' },
      { text: 'answer to the job' },
    ]);
    const opening = sendHuman(context, 's1', 'the opening question');
    await lookup.started(0);
    const job = sendInjection(context, 's1', 'a scheduled job');
    await h.settle();
    const joiner = sendHuman(context, 's1', 'a joining question');
    await h.settle();
    gate.open();
    await Promise.all([opening.done, job.done, joiner.done]);
    const second = h.model.requests[1];
    assert.that('SCH-2', second !== undefined && callContains(second, 'a joining question'), {
      rule: 'a human input arriving during a human-opened turn must be part of its next model call',
      observed: 'the model call after the tool call did not contain the joining question',
    });
    assert.that('SCH-4', second !== undefined && !callContains(second, 'a scheduled job'), {
      rule: 'an injection must never be inserted into another turn, also when a human input behind it joins',
      observed: 'the model call after the tool call of the human-opened turn contained the queued injection',
    });
    for (const turn of turns(h, 's1')) {
      const sources = new Set(turn.inputs.map((input) => JSON.stringify(input.message.source ?? null)));
      assert.equal('SCH-7', sources.size, 1, {
        rule: 'all inputs of one turn must share session and source',
        subject: `the sources of the inputs of the turn opened by "${turn.inputs[0]?.message.content}"`,
      });
    }
    assert.deepEqual(
      'SCH-4',
      turns(h, 's1').map((turn) => contents(turn.inputs)),
      [['the opening question', 'a joining question'], ['a scheduled job']],
      {
        rule: 'an injection always forms its own turn; the human joiner belongs to the running turn',
        subject: 'the inputs of the turns of s1',
      },
    );
  },
});

/** The cases of an injection and a human joiner queued behind one turn ([SCH-4], [SCH-2], [SCH-7]). */
export const SCH_MIXED_QUEUE_CASES = [injectionBehindJoiner];
