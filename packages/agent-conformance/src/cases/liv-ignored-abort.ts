import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import { defineCase } from '../define-case';
import { createGate, type Gate } from '../harness/gate';
import { assertStillServes, assertStopEnded, LIVENESS_TIMEOUT_MS } from './liveness';
import { sendHuman, session } from './scenario';

/**
 * Model and tool calls that ignore the turn's abort signal ([LIV-1], [ABT-1]). The contract
 * cancels them through the signal; a provider or tool that does not listen must still not
 * keep the stopped turn from ending (what they answer afterwards: `abt-late.ts`).
 */

/**
 * Sends `text` to s1 (s2 is there too), waits until `arrange` says the call that ignores the
 * signal (held by `held`) started, and aborts s1's turn. Checks that it settles as "aborted"
 * while that call is still held, then lets the call end (so it is not left open) and checks
 * that s2 is served.
 */
async function stopDeafCall(
  context: CaseContext,
  options: {
    readonly text: string;
    readonly call: 'model call' | 'tool call';
    readonly arrange: (held: Gate) => () => Promise<unknown>;
  },
) {
  const h = context.harness;
  session(h, 's1');
  session(h, 's2');
  const held = createGate();
  const started = options.arrange(held);
  const stuck = sendHuman(context, 's1', options.text);
  await started();
  assert.equal('LIV-1', context.agent.abort('s1'), true, {
    rule: `abort(sessionId) during a ${options.call} that ignores its signal must stop the turn and return true`,
    subject: 'the return value of abort',
  });
  await assertStopEnded(
    context,
    stuck,
    `a turn stopped while its ${options.call} ignores the signal must still end with agent:turn:after, outcome "aborted" (ABT-1)`,
  );
  held.open();
  await h.settle();
  await assertStillServes(context, 'LIV-1', 's2');
}

const modelIgnoresAbort = defineCase({
  requirements: ['LIV-1', 'ABT-1'],
  name: 'a model call that ignores its abort signal cannot keep an aborted turn from ending',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: (context) =>
    stopDeafCall(context, {
      text: 'asked of a model that ignores its signal',
      call: 'model call',
      arrange: (held) => {
        const h = context.harness;
        h.model.script([{ waitFor: held, ignoresAbort: true }]);
        return () => h.until(() => h.model.requests.length > 0, 'the model call of s1 to start');
      },
    }),
});

const toolIgnoresAbort = defineCase({
  requirements: ['LIV-1', 'ABT-1'],
  name: 'a tool call that ignores its abort signal cannot keep an aborted turn from ending',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: (context) =>
    stopDeafCall(context, {
      text: 'use a tool that ignores its signal',
      call: 'tool call',
      arrange: (held) => {
        const h = context.harness;
        const deaf = h.tools.define({ name: 'deaf', steps: [{ waitFor: held, ignoresAbort: true }] });
        h.model.script([{ toolCalls: [{ name: 'deaf' }] }]);
        return () => deaf.started(0);
      },
    }),
});

export const LIV_IGNORED_ABORT_CASES = [modelIgnoresAbort, toolIgnoresAbort];
