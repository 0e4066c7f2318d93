import { assert } from '../assert';
import { defineCase } from '../define-case';
import { holdFirstTurnEnd, holdTurn, sendInjection, session, waitingLists } from './scenario';

/**
 * [SCH-8] `agent:queue` is emitted when inputs are released, and abort with `queued` releases
 * them at the call — they are only archived later, once the stopped turn settled ([ABT-3]). A
 * release meets the stopped turn's wind-down here: while that turn still ends (a middleware of
 * `agent:turn:after` holds it), the session's last `agent:queue` already lists no released
 * input. The near miss announces the release when it archives the inputs, after the turn.
 */
const queueEmptiedAtRelease = defineCase({
  requirements: ['SCH-8'],
  name: 'abort with queued emits agent:queue without the released inputs before the stopped turn settles',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = holdFirstTurnEnd(h);
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const waiting = sendInjection(context, 's1', 'waiting job');
    await h.settle();
    context.agent.abort('s1', { queued: true });
    await h.settle();
    const lists = waitingLists(h, 's1');
    windDown.open();
    await Promise.all([held.input.done, waiting.done]);
    assert.deepEqual('SCH-8', lists.at(-1), [], {
      rule: 'agent:queue must be emitted when abort with queued releases the waiting inputs, not once the stopped turn settled',
      subject: `the last agent:queue waiting list while the stopped turn still ended (all: ${JSON.stringify(lists)})`,
    });
  },
});

/** The case of `agent:queue` at the moment of a release ([SCH-8]). */
export const SCH_QUEUE_AT_RELEASE_CASES = [queueEmptiedAtRelease];
