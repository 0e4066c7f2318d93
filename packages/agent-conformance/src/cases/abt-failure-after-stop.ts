import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { sendHuman, session, turns } from './scenario';

/**
 * [ABT-1] A stop meets a failure: the turn is stopped while its tool-call group is being
 * written, and then that write fails. The stop came first, so the turn ends `aborted`, as
 * `abort` answered — not `error`, with an error notice sent after the person stopped it. The
 * near miss decides aborted or error by the failure's type alone.
 */
const failureAfterStopIsAborted = defineCase({
  requirements: ['ABT-1'],
  name: 'a turn stopped while its tool-call group is written ends aborted when that write then fails',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const lookup = h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'must not be asked' }]);
    const write = createGate();
    h.archive.holdNext('append', write);
    h.archive.failNext('append');
    const input = sendHuman(context, 's1', 'use a tool');
    await lookup.started(0);
    await h.settle();
    const stopped = context.agent.abort('s1');
    write.open();
    await input.done;
    assert.equal('ABT-1', stopped, true, {
      rule: 'abort must return true when it stops a running turn',
      subject: 'the return value of abort while the tool-call group was being written',
    });
    assert.equal('ABT-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted", also when a write it was waiting on fails after the stop',
      subject: 'the outcome of the stopped turn',
    });
  },
});

/** The case of a failure that follows a stop ([ABT-1]). */
export const ABT_FAILURE_AFTER_STOP_CASES = [failureAfterStopIsAborted];
