import { assert } from '../assert';
import { defineCase } from '../define-case';
import { sendHuman, session, turns } from './scenario';

/**
 * [ABT-1] A stop meets a tool call on its way in: an abort while an `agent:tool:before`
 * middleware runs — it then calls `next` — starts no tool: 「abort 停下这个会话在跑的一轮」, and no
 * further tool call starts after it. The near miss checks the stop before the hook, not in its
 * default action, and runs the tool the hook was about.
 */
const abortDuringToolBefore = defineCase({
  requirements: ['ABT-1'],
  name: 'an abort while an agent:tool:before middleware runs starts no tool and ends the turn as aborted',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const lookup = h.tools.define({ name: 'lookup' });
    h.hooks.middleware('agent:tool:before', async (_payload, next) => {
      context.agent.abort('s1');
      await next();
    });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'must not be asked' }]);
    await sendHuman(context, 's1', 'use a tool').done;
    assert.equal('ABT-1', lookup.calls.length, 0, {
      rule: 'after an abort no further tool call may start: an abort during agent:tool:before stops the call that hook precedes',
      subject: 'the tool calls started after an abort during agent:tool:before',
    });
    assert.equal('ABT-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted"',
      subject: 'the outcome of the turn',
    });
  },
});

/** The case of a stop during `agent:tool:before` ([ABT-1]). */
export const ABT_STOP_IN_TOOL_BEFORE_CASES = [abortDuringToolBefore];
