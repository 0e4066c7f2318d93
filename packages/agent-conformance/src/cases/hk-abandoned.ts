import { assert } from '../assert';
import { defineCase } from '../define-case';
import { assertSettles, hangHook, LIVENESS_TIMEOUT_MS } from './liveness';
import { sendHuman, session, turns } from './scenario';

/**
 * [HK-8] with [LIV-1]: 「agent:turn:after…四条退出路径都会触发」, also for a turn whose
 * `agent:turn:before` run the agent gave up on. The middleware called `next`, so the turn was
 * not blocked (HK-2): it ran, and must end with exactly one `agent:turn:after`. The near miss
 * takes every abandoned run for a blocked one and never runs `agent:turn:after`.
 */
const turnAfterOfAbandonedTurnBefore = defineCase({
  requirements: ['HK-8', 'LIV-1'],
  name: 'a turn whose agent:turn:before middleware hangs after next still ends with one agent:turn:after after abort',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  // Stuck for good: the agent never let the hung middleware go, which is [LIV-1] alone.
  timeoutViolates: ['LIV-1'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'answered inside the hung run' }]);
    const entered = hangHook(context, 'agent:turn:before', { sessionId: 's1', afterNext: true });
    const stuck = sendHuman(context, 's1', 'answered, then stuck in agent:turn:before');
    await entered.opened;
    context.agent.abort('s1');
    await assertSettles('LIV-1', stuck, 'abort');
    await h.settle();
    const turn = assert.defined('HK-8', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn of s1',
    });
    const afters = h.hooks.of('agent:turn:after').filter((run) => run.payload.turnId === turn.turnId);
    assert.equal('HK-8', afters.length, 1, {
      rule: 'agent:turn:after must run exactly once for a turn that was not blocked (its agent:turn:before middleware called next), also when that middleware then hung and the turn was stopped',
      subject: 'the agent:turn:after runs of the turn',
    });
  },
});

/** The cases of `agent:turn:after` after an abandoned `agent:turn:before` run ([HK-8]). */
export const HK_ABANDONED_CASES = [turnAfterOfAbandonedTurnBefore];
