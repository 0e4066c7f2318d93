import { assert } from '../assert';
import { defineCase } from '../define-case';
import {
  callContains,
  contents,
  filler,
  holdTurn,
  seedLongHistory,
  sendHuman,
  session,
  turns,
} from './scenario';

/**
 * [USG-9] [SCH-6] Hard trimming never drops the current inputs — every input that opened the
 * turn, not only the one the model answers. Trimming meets a turn opened by several human
 * inputs here (those queued behind an injection open the next turn together): the first of
 * them is larger than the history's allowance, and the call still carries it. The near miss
 * protects only the last opening input and cuts the earlier ones like old history.
 */
const everyOpeningInputKept = defineCase({
  requirements: ['USG-9', 'SCH-6'],
  name: 'hard trimming never drops an earlier input of a turn opened by several human inputs, however large',
  harness: { model: { contextWindow: 2048, maxOutputTokens: 256 } },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 0 } });
    seedLongHistory(h, 's1', 10, 300);
    const held = await holdTurn(context, { sessionId: 's1', content: 'a job', injection: true });
    const large = sendHuman(context, 's1', `BURST PROBE ${filler('burst', 3000)}`);
    const short = sendHuman(context, 's1', 'and a short follow-up');
    await h.settle();
    h.model.script([{ text: 'answer to both' }]);
    held.gate.open();
    await Promise.all([held.input.done, large.done, short.done]);
    const burst = assert.defined('SCH-6', turns(h, 's1')[1], {
      rule: 'the human inputs queued behind an injection must open the next turn',
      subject: 'the turn after the injection',
    });
    assert.equal('SCH-6', contents(burst.inputs).length, 2, {
      rule: 'a turn that opens from the queue with a human head takes every human input directly behind it',
      subject: 'the number of inputs that opened the turn after the injection',
    });
    const call = assert.defined('USG-9', h.model.requests[1], {
      rule: 'every turn must call the model',
      subject: 'the model call of the turn opened by the two human inputs',
    });
    assert.that('USG-9', callContains(call, 'BURST PROBE'), {
      rule: 'hard trimming must never drop the current inputs, every input that opened the turn included',
      observed: 'the first of the two inputs that opened the turn was dropped from its model call',
    });
  },
});

/** The case of hard trimming in a turn opened by several inputs ([USG-9]). */
export const USG_OPENING_BURST_CASES = [everyOpeningInputKept];
