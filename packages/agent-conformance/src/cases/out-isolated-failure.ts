import { assert } from '../assert';
import { defineCase } from '../define-case';
import { sendHuman, session, turns } from './scenario';

/**
 * [OUT-2] An isolated middleware failure meets the turn's outcome: an `agent:turn:before`
 * middleware that throws after `next` does not change how the turn ended, and `error` in
 * `agent:turn:after` belongs to the `error` outcome alone (「结局为 error 时 error 是一句原因…其余
 * 结局不带」). The near miss reports the middleware's failure as the error of a replied turn.
 */
const isolatedFailureNoError = defineCase({
  requirements: ['OUT-2'],
  name: 'a replied turn whose agent:turn:before middleware threw after next carries no error in agent:turn:after',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:turn:before', async (_payload, next) => {
      await next();
      throw new Error('a plugin failed on its way out');
    });
    h.model.script([{ text: 'answered' }]);
    await sendHuman(context, 's1', 'hello').done;
    const after = turns(h, 's1')[0]?.after;
    assert.equal('OUT-2', after?.outcome, 'replied', {
      rule: 'a middleware failure after next is isolated: the turn that replied ends replied',
      subject: 'the outcome of the turn',
    });
    assert.that('OUT-2', after !== undefined && after.error === undefined, {
      rule: 'agent:turn:after carries error only when the outcome is error',
      observed: `agent:turn:after of a replied turn carried error ${JSON.stringify(after?.error)}`,
    });
  },
});

/** The case of an isolated middleware failure and the turn's outcome ([OUT-2]). */
export const OUT_ISOLATED_FAILURE_CASES = [isolatedFailureNoError];
