import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { contents, sendHuman, session, turns } from './scenario';

/**
 * [SCH-4] [SCH-7] Per-input processing meets the scheduling: a turn's inputs are the messages
 * as `agent:input:before` (preprocessors included, [PRE-1]) left them, so a middleware that gives
 * an input a source makes it an injection — it forms its own turn and is not inserted into the
 * running human turn. The near miss decides human or injection from the message as it arrived.
 */
const sourceSetByPreprocessor = defineCase({
  requirements: ['SCH-4', 'SCH-7'],
  name: 'an input agent:input:before gives a source forms its own turn, not inserted into the running human turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      const message = payload.message;
      if (message.content.startsWith('scheduled:')) message.source = { kind: 'scheduler', id: 'tagged' };
      await next();
    });
    const gate = createGate();
    const lookup = h.tools.define({ name: 'lookup', steps: [{ waitFor: gate }] });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }, { text: 'reply to the job' }]);
    // The human turn calls the model again after its tool: an input inserted now would join it.
    const asked = sendHuman(context, 's1', 'a person asks');
    await lookup.started(0);
    const tagged = sendHuman(context, 's1', 'scheduled: a job');
    await h.settle();
    gate.open();
    await Promise.all([asked.done, tagged.done]);
    await h.settle();
    assert.deepEqual(
      'SCH-4',
      turns(h, 's1').map((turn) => contents(turn.inputs)),
      [['a person asks'], ['scheduled: a job']],
      {
        rule: 'an input with a source after preprocessing is an injection: it forms its own turn and is never inserted into another',
        subject: 'the inputs of the turns of s1, in order',
      },
    );
    assert.equal('SCH-7', turns(h, 's1')[1]?.inputs[0]?.message.source?.id, 'tagged', {
      rule: 'all inputs of one turn share session and source: the turn of the tagged input has its source',
      subject: 'the source of the input of the second turn',
    });
  },
});

/** The case of a source given in `agent:input:before` ([SCH-4], [SCH-7]). */
export const SCH_PREPROCESSED_SOURCE_CASES = [sourceSetByPreprocessor];
