import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { assertSettles, LIVENESS_TIMEOUT_MS, never } from './liveness';
import { routeLaterInput } from './serving-process';

/**
 * [LIV-1] [DUR-3] A hung plugin meets a stop called on another process: an input of s1 hangs in
 * an `agent:input:before` middleware on the process serving s1, after s1's turn ended, and
 * `abort(s1, { queued: true })` is called on the process that does not serve it. The command
 * reaches the serving process and releases the input, so its `handleMessage` settles. The near
 * miss acts on a forwarded abort only while it knows of a running turn of the session.
 */
const hungInputReleasedFromElsewhere = defineCase({
  requirements: ['LIV-1', 'DUR-3'],
  timeoutViolates: ['LIV-1'],
  name: 'an input hung in agent:input:before is released by abort with queued called on the process that does not serve the session',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const gate = createGate();
    const served = await routeLaterInput(context, {
      first: 'running on its process',
      steps: [{ waitFor: gate, text: 'reply to the running turn' }],
      later: 'stuck in processing',
      gates: [gate],
      prepare: (process) => {
        process.harness.hooks.middleware(
          'agent:input:before',
          async (payload, next) => {
            if (payload.message.content === 'stuck in processing') return never();
            await next();
          },
          { label: 'conformance-hung-middleware' },
        );
      },
    });
    if (served === undefined) return;
    gate.open();
    await served.input.done;
    await served.serving.harness.settle();
    served.other.agent.abort('s1', { queued: true });
    await assertSettles('LIV-1', served.later, 'abort with queued on the process that does not serve it');
  },
});

/** The case of a stop called on another process while a plugin hangs ([LIV-1], [DUR-3]). */
export const LIV_PEER_CASES = [hungInputReleasedFromElsewhere];
