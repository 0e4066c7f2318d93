import { assert } from '../assert';
import { defineCase } from '../define-case';
import { assertSettles, hangHook, LIVENESS_TIMEOUT_MS } from './liveness';
import { holdTurn, sendHuman, session, turns } from './scenario';

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

/**
 * [HK-8] [SVC-2] with [LIV-1]: a stopped turn whose closing write hangs in the store ends all
 * the same once the agent gives up on the write, and a middleware on `agent:turn:before` and
 * `agent:input:before` that behaves changes nothing: the turn ends with one `agent:turn:after`,
 * before its `handleMessage` settles. The near miss gives up on a stopped run at once, while its
 * default action (the turn, still waiting for the store) runs, so the input settles before the
 * turn ended and `agent:turn:after` never comes.
 */
const turnAfterBesideBehavingMiddlewares = defineCase({
  requirements: ['HK-8', 'SVC-2', 'LIV-1'],
  name: 'a stopped turn whose closing write hangs ends with one agent:turn:after before it settles, beside middlewares that behave',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  timeoutViolates: ['LIV-1'],
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:input:before', (_payload, next) => next());
    h.hooks.middleware('agent:turn:before', (_payload, next) => next());
    const held = await holdTurn(context, {
      sessionId: 's1',
      content: 'stopped while the store hangs',
      untilAborted: true,
    });
    h.archive.hangNext('append');
    context.agent.abort('s1');
    await assertSettles('LIV-1', held.input, 'abort');
    const ended = turns(h, 's1')[0]?.after;
    await h.settle();
    assert.equal('SVC-2', ended?.outcome, 'aborted', {
      rule: 'handleMessage resolves only once its turn ended, after agent:turn:after: a stopped turn ends with outcome "aborted" before its input settles',
      subject: 'agent:turn:after of the stopped turn when its handleMessage settled',
    });
    assert.equal('HK-8', h.hooks.of('agent:turn:after').length, 1, {
      rule: 'agent:turn:after must run exactly once for the stopped turn',
      subject: 'the agent:turn:after runs',
    });
  },
});

/** The cases of `agent:turn:after` after an abandoned `agent:turn:before` run ([HK-8]). */
export const HK_ABANDONED_CASES = [turnAfterOfAbandonedTurnBefore, turnAfterBesideBehavingMiddlewares];
