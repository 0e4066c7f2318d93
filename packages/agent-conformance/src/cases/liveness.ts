import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import type { InputRecord } from '../runner/input-record';
import { outbound, sendHuman, storedReplies, turns } from './scenario';

/** What the liveness cases ([LIV-1]..[LIV-4]) share: hung pieces, and the checks after a stop. */

/** Liveness cases wait for an agent's grace time; a generous limit. */
export const LIVENESS_TIMEOUT_MS = 10_000;

/** Longest event-loop stall a case accepts ([LIV-3]); far above a linear agent, far below a quadratic one. */
export const STALL_LIMIT_MS = 1_000;

/** Sessions the admission cases open at once ([LIV-4]): more than any sensible limit on running turns. */
export const CROWD = 256;

/** A promise that never settles: the hung middleware or listener. */
export function never(): Promise<void> {
  return new Promise<void>(() => undefined);
}

/** Checks that `input` settled without rejecting ([SVC-2] holds regardless, [LIV-1]). */
export async function assertSettles(id: string, input: InputRecord, after: string): Promise<void> {
  await input.done;
  assert.equal(id, input.state, 'resolved', {
    rule: `handleMessage must settle (resolve) after ${after} of its session, even while a middleware or listener of its turn hangs`,
    subject: `the state of handleMessage after ${after}`,
  });
}

/** Checks that a later input of another session `sessionId` still gets its reply. */
export async function assertStillServes(context: CaseContext, id: string, sessionId: string): Promise<void> {
  const h = context.harness;
  h.model.script([{ text: `still here in ${sessionId}` }]);
  const later = sendHuman(context, sessionId, 'are you still there?');
  await later.done;
  assert.that(
    id,
    storedReplies(h, sessionId).some((reply) => reply.content === `still here in ${sessionId}`) ||
      outbound(h, sessionId).some((message) => message.content === `still here in ${sessionId}`),
    {
      rule: 'a session must keep serving later inputs after hung plugin code was stopped',
      observed: `a later input of ${sessionId} got no reply: the agent is stuck`,
    },
  );
}

/**
 * Sends an input to s1 whose turn hangs on what the case set up, aborts the turn once it
 * reached agent:turn:before, and checks that handleMessage settles, that the turn still ends
 * with agent:turn:after as "aborted" ([ABT-1]), and that s2 is still served.
 */
export async function abortHungTurn(context: CaseContext, text: string, rule: string): Promise<void> {
  const h = context.harness;
  const stuck = sendHuman(context, 's1', text);
  await h.until(() => turns(h, 's1').length > 0, 'the turn of s1 to reach agent:turn:before');
  await h.settle();
  context.agent.abort('s1');
  await assertStopEnded(context, stuck, rule);
  await assertStillServes(context, 'LIV-1', 's2');
}

/**
 * Checks that the input of s1's stopped turn settled after the abort and that the turn still
 * ended with agent:turn:after as "aborted" ([ABT-1]); `rule` says what hung meanwhile.
 */
export async function assertStopEnded(context: CaseContext, stuck: InputRecord, rule: string): Promise<void> {
  await assertSettles('LIV-1', stuck, 'abort');
  assert.equal('LIV-1', turns(context.harness, 's1')[0]?.after?.outcome, 'aborted', {
    rule,
    subject: 'the outcome of the stopped turn in agent:turn:after',
  });
}
