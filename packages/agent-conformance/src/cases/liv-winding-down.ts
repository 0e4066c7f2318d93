import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import {
  abortHungTurn,
  assertSettles,
  assertStillServes,
  assertStopEnded,
  CROWD,
  hangHook,
  LIVENESS_TIMEOUT_MS,
  never,
} from './liveness';
import { sendHuman, sendInjection, session, turns } from './scenario';

/**
 * Liveness while a stopped turn winds down ([LIV-1], [LIV-2], [LIV-4]): a hung
 * `agent:tool:after`, a store write that never answers at drain, and a stopped turn that still
 * holds its place under the limit on running turns.
 */

/**
 * [LIV-1] `agent:tool:after` is a hook like the others: a middleware that never settles cannot
 * keep an aborted turn from ending. The near miss races every hook with the stop but this one.
 */
const toolAfterAbort = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:tool:after middleware that never settles cannot keep an aborted turn from ending',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    h.tools.define({ name: 'lookup' });
    const entered = createGate();
    h.hooks.middleware(
      'agent:tool:after',
      async (payload, next) => {
        if (payload.toolCallContext.sessionId !== 's1' || entered.isOpen) return next();
        entered.open();
        h.tick();
        return never();
      },
      { label: 'conformance-hung-middleware' },
    );
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }]);
    const stuck = sendHuman(context, 's1', 'a tool call, then a hung agent:tool:after');
    await h.until(() => entered.isOpen, 'the agent:tool:after run of s1 to reach the middleware that hangs');
    context.agent.abort('s1');
    await assertStopEnded(
      context,
      stuck,
      'a turn stopped while an agent:tool:after middleware hangs must still end as aborted',
    );
    await assertStillServes(context, 'LIV-1', 's2');
  },
});

/**
 * [LIV-1] A store that never answers for the reply, or for a tool-call group, cannot keep an
 * aborted turn from ending, as one that never answers for the opening inputs cannot: the
 * agent waits for the write a grace time at most once the turn is stopped.
 */
function writeHangAbort(
  what: string,
  step: { readonly text: string; readonly toolCalls?: { name: string }[] },
) {
  return defineCase({
    requirements: ['LIV-1'],
    name: `a store that never answers for ${what} cannot keep an aborted turn from ending`,
    timeoutMs: LIVENESS_TIMEOUT_MS,
    run: async (context) => {
      const h = context.harness;
      session(h, 's1');
      session(h, 's2');
      h.tools.define({ name: 'lookup' });
      h.archive.hangNext('append');
      h.model.script([step]);
      await abortHungTurn(
        context,
        `${what}, into a store that hangs`,
        `a turn stopped while the store hangs on ${what} must still end with agent:turn:after, outcome "aborted" (ABT-1)`,
      );
    },
  });
}

/**
 * [LIV-2] At its deadline drain settles everything still pending, the inputs it released while
 * their session's turn still ran included. Here the turn's reply write never answers and an
 * injection waits behind it. The near miss forgets the releases that wait for a running turn.
 */
const drainWithHungWrite = defineCase({
  requirements: ['LIV-2'],
  name: 'drain resolves and settles an input queued behind a turn whose reply write never answers',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.archive.hangNext('append');
    h.model.script([{ text: 'a reply the store never takes' }]);
    const stuck = sendHuman(context, 's1', 'answered into a store that hangs');
    await h.until(() => h.model.requests.length > 0, 'the model call of s1 to start');
    await h.settle();
    const queued = sendInjection(context, 's1', 'queued behind the hung write');
    await h.settle();
    await h.drain();
    for (const input of [stuck, queued]) {
      assert.that('LIV-2', input.settled, {
        rule: 'drain must settle every handleMessage by its deadline, an input queued behind a hung store write included',
        observed: `"${input.message.content}" was still pending when drain resolved`,
      });
    }
  },
});

/**
 * [LIV-4] A turn holds its place under the limit on running turns until it has ended, also
 * when stopped: while the stopped turn still runs its `agent:turn:after`, no waiting turn opens
 * in its place. The near miss frees the place at the abort.
 */
const stoppedTurnKeepsItsPlace = defineCase({
  requirements: ['LIV-4'],
  name: 'a stopped turn keeps its place under the limit on running turns until it has ended',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const gate = createGate();
    const windDown = createGate();
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    const stopped = ids[0]!;
    h.model.script(ids.map((id) => ({ waitFor: gate, text: `reply in ${id}` })));
    h.hooks.middleware('agent:turn:after', async (payload, next) => {
      if (payload.sessionId === stopped) await windDown.opened;
      await next();
    });
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    const opened = turns(h).length;
    assert.that('LIV-4', turns(h, stopped).length === 1 && opened < CROWD, {
      rule: `turns running at once across sessions must be limited (below ${CROWD} here), the oldest running first`,
      observed: `${opened} turns opened at once`,
    });
    context.agent.abort(stopped);
    await h.settle();
    // An agent may give up on a hung agent:turn:after after a grace time: the turn has ended then.
    assert.that('LIV-4', inputs[0]!.settled || turns(h).length === opened, {
      rule: 'a stopped turn must keep its place under the limit until it has ended: no waiting turn opens while it winds down',
      observed: `${turns(h).length - opened} waiting turn(s) opened while the stopped turn was still in agent:turn:after`,
    });
    windDown.open();
    gate.open();
    await Promise.all(inputs.map((input) => input.done));
    await assertSettles('LIV-4', inputs[0]!, 'abort');
    assert.equal('LIV-4', turns(h).length, CROWD, {
      rule: 'every turn waiting for the limit must eventually run',
      subject: 'the number of turns that opened',
    });
  },
});

/** The cases of liveness while a stopped turn winds down ([LIV-1], [LIV-2], [LIV-4]). */
/**
 * [LIV-1] [HK-8] Two hung plugins meet on one stopped turn: an `agent:turn:before` middleware
 * that hangs after `next` and an `agent:turn:after` middleware that never settles. The turn ran,
 * so it still ends with `agent:turn:after` — its middlewares are called, also once the agent gave
 * up on the first one — and its input settles although the second one hangs too. Near misses:
 * the closing hook skipped because the stop's grace time is spent; a hook run whose signal had
 * aborted calling its middlewares without watching them.
 */
const hungBeforeAndAfter = defineCase({
  requirements: ['LIV-1', 'HK-8'],
  timeoutViolates: ['LIV-1'],
  name: 'a stopped turn whose agent:turn:before middleware hangs after next still runs agent:turn:after middlewares, and settles though one hangs',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const closed: string[] = [];
    h.hooks.middleware('agent:turn:after', async (payload, next) => {
      closed.push(payload.sessionId);
      await next();
    });
    hangHook(context, 'agent:turn:before', { sessionId: 's1', afterNext: true });
    hangHook(context, 'agent:turn:after', { sessionId: 's1' });
    const [step] = h.model.script([{ untilAborted: true }]);
    const stuck = sendHuman(context, 's1', 'two hung plugins');
    await step!.started;
    context.agent.abort('s1');
    await assertSettles('LIV-1', stuck, 'abort');
    assert.that('HK-8', closed.includes('s1'), {
      rule: 'a turn that ran must end with agent:turn:after, its middlewares called, also after an agent:turn:before middleware hung past the stop',
      observed: 'no agent:turn:after middleware was called for the stopped turn',
    });
    await assertStillServes(context, 'LIV-1', 's2');
  },
});

/**
 * [LIV-1] [ABT-7] A turn stopped while another plugin's `agent:turn:before` middleware hangs
 * before `next`: the agent gives up on that middleware and the turn is over ([LIV-1]), so once
 * the agent settled `abort` returns `false`. The near miss learns of a turn's end from the code
 * after its own middleware's `next()` — which the hung middleware further in never lets
 * return — and keeps the turn "running" on its record.
 */
const stoppedWhileTurnBeforeHangs = defineCase({
  requirements: ['LIV-1', 'ABT-7'],
  timeoutViolates: ['LIV-1'],
  name: 'abort after a turn stopped while an agent:turn:before middleware hangs before next returns false once the agent settled',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const entered = hangHook(context, 'agent:turn:before', { sessionId: 's1' });
    const stuck = sendHuman(context, 's1', 'stuck before the turn');
    await entered.opened;
    const turnId = assert.defined('ABT-7', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must reach agent:turn:before with a turn id',
      subject: 'the turn id of the turn whose agent:turn:before hangs',
    });
    context.agent.abort('s1', { reason: 'stop the hung turn' });
    await assertSettles('LIV-1', stuck, 'abort');
    await h.settle();
    assert.equal('ABT-7', context.agent.abort('s1', { turnId }), false, {
      rule: 'abort with the turnId of a turn that was stopped and given up on must do nothing and return false',
      subject: 'the return value of abort with the id of the stopped turn, once the agent settled',
    });
    assert.equal('ABT-7', context.agent.abort('s1'), false, {
      rule: 'abort must return false when no turn of the session runs, though a middleware of its stopped turn still hangs',
      subject:
        'the return value of abort of a session whose stopped turn was given up on, once the agent settled',
    });
  },
});

export const LIV_WINDING_DOWN_CASES = [
  stoppedWhileTurnBeforeHangs,
  hungBeforeAndAfter,
  toolAfterAbort,
  writeHangAbort('the reply', { text: 'a reply the store never takes' }),
  writeHangAbort('a tool-call group', { text: '', toolCalls: [{ name: 'lookup' }] }),
  drainWithHungWrite,
  stoppedTurnKeepsItsPlace,
];
