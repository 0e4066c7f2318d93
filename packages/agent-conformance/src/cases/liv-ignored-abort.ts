import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import { defineCase } from '../define-case';
import { createGate, type Gate } from '../harness/gate';
import { assertSettles, assertStillServes, LIVENESS_TIMEOUT_MS } from './liveness';
import { outbound, sendHuman, session, storedReplies, turns } from './scenario';

/**
 * Model and tool calls that ignore the turn's abort signal ([LIV-1], [ABT-1]). The contract
 * cancels them through the signal; a provider or tool that does not listen must still not
 * keep the stopped turn from ending, nor let what it answers late into the stopped turn:
 * no call starts after the stop, and the late answer is neither sent nor stored.
 */

const LATE_TEXT = 'a late answer after the stop';

/**
 * Aborts s1's turn, checks that it settles as "aborted" while the call that ignores the signal
 * is still held, then lets that call end (so it is not left open) and checks that s2 is served.
 */
async function abortAndCheck(
  context: CaseContext,
  stuck: ReturnType<typeof sendHuman>,
  held: Gate,
  rule: string,
) {
  const h = context.harness;
  assert.equal('LIV-1', context.agent.abort('s1'), true, {
    rule: 'abort(sessionId) during a call that ignores its signal must stop the turn and return true',
    subject: 'the return value of abort',
  });
  await assertSettles('LIV-1', stuck, 'abort');
  assert.equal('LIV-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
    rule,
    subject: 'the outcome of the stopped turn in agent:turn:after',
  });
  held.open();
  await h.settle();
  await assertStillServes(context, 'LIV-1', 's2');
}

const modelIgnoresAbort = defineCase({
  requirements: ['LIV-1', 'ABT-1'],
  name: 'a model call that ignores its abort signal cannot keep an aborted turn from ending',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const held = createGate();
    h.model.script([{ waitFor: held, ignoresAbort: true }]);
    const stuck = sendHuman(context, 's1', 'asked of a model that ignores its signal');
    await h.until(() => h.model.requests.length > 0, 'the model call of s1 to start');
    await abortAndCheck(
      context,
      stuck,
      held,
      'a turn stopped while its model call ignores the signal must still end with agent:turn:after, outcome "aborted" (ABT-1)',
    );
  },
});

const toolIgnoresAbort = defineCase({
  requirements: ['LIV-1', 'ABT-1'],
  name: 'a tool call that ignores its abort signal cannot keep an aborted turn from ending',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const held = createGate();
    const stuckTool = h.tools.define({ name: 'deaf', steps: [{ waitFor: held, ignoresAbort: true }] });
    h.model.script([{ toolCalls: [{ name: 'deaf' }] }]);
    const stuck = sendHuman(context, 's1', 'use a tool that ignores its signal');
    await stuckTool.started(0);
    await abortAndCheck(
      context,
      stuck,
      held,
      'a turn stopped while its tool call ignores the signal must still end with agent:turn:after, outcome "aborted" (ABT-1)',
    );
  },
});

const lateModelAnswer = defineCase({
  requirements: ['ABT-1'],
  name: 'what a model that ignored the abort answers afterwards starts no tool call and is neither sent nor stored',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = createGate();
    const lookup = h.tools.define({ name: 'lookup' });
    h.model.script([
      { waitFor: held, ignoresAbort: true, text: LATE_TEXT, toolCalls: [{ name: 'lookup' }] },
      { text: LATE_TEXT },
    ]);
    const input = sendHuman(context, 's1', 'asked of a model that answers after the stop');
    await h.until(() => h.model.requests.length > 0, 'the model call of s1 to start');
    context.agent.abort('s1');
    // The model answers, with text and a tool call, only after the stop.
    held.open();
    await input.done;
    await h.settle();
    assert.equal('ABT-1', lookup.calls.length, 0, {
      rule: 'a tool call the model asked for after the stop must not start in the stopped turn',
      subject: 'the number of calls of the tool the late answer asked for',
    });
    assert.equal('ABT-1', h.model.requests.length, 1, {
      rule: 'after abort no further model call may start in the stopped turn',
      subject: 'the number of model calls',
    });
    const leaked = [...outbound(h, 's1'), ...storedReplies(h, 's1')].filter((m) => m.content === LATE_TEXT);
    assert.equal('ABT-1', leaked.length, 0, {
      rule: 'what the model answers after the stop belongs to no turn: it must be neither sent nor stored',
      subject: 'the messages sent or stored with the late answer',
    });
    assert.equal('ABT-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted", whatever the model answers afterwards',
      subject: 'the outcome of the stopped turn',
    });
  },
});

const lateToolResult = defineCase({
  requirements: ['ABT-1'],
  name: 'a tool that ignored the abort and returns afterwards leads to no further model call',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = createGate();
    const late = h.tools.define({
      name: 'late',
      steps: [{ waitFor: held, ignoresAbort: true, result: 'late result' }],
    });
    h.model.script([{ toolCalls: [{ name: 'late' }] }, { text: LATE_TEXT }]);
    const input = sendHuman(context, 's1', 'use a tool that returns after the stop');
    await late.started(0);
    context.agent.abort('s1');
    held.open();
    await input.done;
    await h.settle();
    assert.equal('ABT-1', h.model.requests.length, 1, {
      rule: 'a tool result that arrives after the stop must not be sent to the model in the stopped turn',
      subject: 'the number of model calls',
    });
    assert.equal('ABT-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted", whatever its tools return afterwards',
      subject: 'the outcome of the stopped turn',
    });
  },
});

export const LIV_IGNORED_ABORT_CASES = [modelIgnoresAbort, toolIgnoresAbort, lateModelAnswer, lateToolResult];
