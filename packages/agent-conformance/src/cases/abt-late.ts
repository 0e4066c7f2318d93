import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { LIVENESS_TIMEOUT_MS } from './liveness';
import { outbound, sendHuman, session, storedReplies, turns } from './scenario';

/**
 * What a model or tool call that ignored the abort answers after the stop ([ABT-1]): no call
 * starts on it, and the late answer is neither sent nor stored. The near miss waits for the
 * call after the stop and goes on with what it returns.
 */

const LATE_TEXT = 'a late answer after the stop';

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

export const ABT_LATE_CASES = [lateModelAnswer, lateToolResult];
