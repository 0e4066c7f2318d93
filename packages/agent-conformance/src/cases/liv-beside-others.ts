import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { answeredThenStuck, assertSettles, LIVENESS_TIMEOUT_MS, never } from './liveness';
import { sendHuman, session, turns } from './scenario';

/**
 * [LIV-1] Hung pieces beside others that behave: a hung middleware between two that pass, and a
 * listener that never settles on a turn's `[错误]` notice. The near misses look only at the
 * innermost middleware of a run to decide whether it is stuck, or race only the waits that a
 * turn-level race covers, so the notice's event is awaited for ever.
 */

/** Adds a middleware to `agent:input:before` that passes every input through. */
function passThrough(context: CaseContext): void {
  context.harness.hooks.middleware('agent:input:before', (_payload, next) => next());
}

const hungBetweenTwo = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:input:before middleware that hangs after next between two that pass cannot keep handleMessage from settling after abort',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    passThrough(context);
    const stuck = await answeredThenStuck(context, () => passThrough(context));
    context.agent.abort('s1');
    await assertSettles('LIV-1', stuck, 'abort');
  },
});

const hungNoticeListener = defineCase({
  requirements: ['LIV-1', 'ABT-1'],
  // Stuck for good: the agent never let the hung listener go, which is [LIV-1] alone.
  timeoutViolates: ['LIV-1'],
  name: 'an outbound:message listener that never settles on the [错误] notice cannot keep handleMessage from settling after abort',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const hung = createGate();
    h.services.events.on('outbound:message', ({ message }) => {
      if (message.sessionId !== 's1' || hung.isOpen) return undefined;
      hung.open();
      h.tick();
      return never();
    });
    h.model.script([{ throws: 'the model is down' }]);
    const stuck = sendHuman(context, 's1', 'asked of a failing model');
    await h.until(() => hung.isOpen, 'the notice of the failed turn to reach the listener that hangs');
    context.agent.abort('s1');
    await assertSettles('LIV-1', stuck, 'abort');
    assert.defined('ABT-1', turns(h, 's1')[0]?.after, {
      rule: 'a stopped turn must end with agent:turn:after, also while a listener of its notice hangs',
      subject: 'agent:turn:after of the failed turn',
    });
  },
});

/** The liveness cases of hung pieces beside others that behave ([LIV-1]). */
export const LIV_BESIDE_OTHERS_CASES = [hungBetweenTwo, hungNoticeListener];
