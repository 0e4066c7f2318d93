import { assert } from '../assert';
import { defineCase } from '../define-case';
import { outbound, sendHuman, session, storedReplies, turns } from './scenario';

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

/**
 * [ABT-1] A stop meets a reply on its way out: an abort while an `agent:reply:before`
 * middleware runs — it then calls `next` — stops a turn that is still running (it has not
 * reached `agent:turn:after`), so `abort` returns true and the turn ends `aborted`, its reply
 * neither handed to the platform nor persisted as a final reply ([OUT-1]). The near miss checks
 * the stop around model and tool calls only: a turn stopped after its last model call sends its
 * reply and ends `replied`, although `abort` said it stopped it.
 */
const abortDuringReplyBefore = defineCase({
  requirements: ['ABT-1'],
  name: 'an abort while an agent:reply:before middleware runs ends the turn as aborted, its reply neither sent nor stored',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let stopped: boolean | undefined;
    h.hooks.middleware('agent:reply:before', async (_payload, next) => {
      stopped = context.agent.abort('s1');
      await next();
    });
    h.model.script([{ text: 'the answer nobody waits for' }]);
    await sendHuman(context, 's1', 'a question').done;
    assert.equal('ABT-1', stopped, true, {
      rule: 'abort must stop the running turn and return true: a turn in agent:reply:before is still running',
      subject: 'what abort returned during agent:reply:before',
    });
    assert.equal('ABT-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted", also when the stop comes during agent:reply:before',
      subject: 'the outcome of the turn',
    });
    const sent = outbound(h, 's1').filter((message) =>
      message.content.includes('the answer nobody waits for'),
    );
    assert.equal('ABT-1', sent.length + storedReplies(h, 's1').length, 0, {
      rule: 'a turn stopped during agent:reply:before must neither send its reply nor persist it as a final reply',
      subject: 'the copies of the reply sent or stored as a final reply',
    });
  },
});

/** The cases of a stop during `agent:tool:before` and `agent:reply:before` ([ABT-1]). */
export const ABT_STOP_IN_TOOL_BEFORE_CASES = [abortDuringToolBefore, abortDuringReplyBefore];
