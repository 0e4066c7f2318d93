import type { HookName } from '@aalis/api-hooks';
import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import { createGate } from '../harness/gate';
import type { InputRecord } from '../runner/input-record';
import { outbound, sendHuman, session, storedReplies, turns } from './scenario';

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

/**
 * Adds a middleware to `hook` that hangs (before or after `next`) for the first run of
 * session `sessionId`; later runs pass through, so a later input shows whether the session
 * still works. `opened` resolves once the middleware hangs.
 */
export function hangHook(
  context: CaseContext,
  hook: Extract<HookName, 'agent:input:before' | 'agent:turn:before' | 'agent:turn:after'>,
  options: { readonly sessionId: string; readonly afterNext?: boolean },
) {
  const entered = createGate();
  context.harness.hooks.middleware(
    hook,
    async (payload: unknown, next: () => Promise<void>) => {
      const sessionId =
        hook === 'agent:input:before'
          ? (payload as { message: { sessionId: string } }).message.sessionId
          : (payload as { sessionId: string }).sessionId;
      if (sessionId !== options.sessionId || entered.isOpen) return next();
      if (options.afterNext === true) await next();
      entered.open();
      context.harness.tick();
      return never();
    },
    { label: 'conformance-hung-middleware' },
  );
  const where = options.afterNext === true ? 'after next()' : 'before next()';
  const label = `the ${hook} run of ${options.sessionId} to reach the middleware that hangs ${where}`;
  return { opened: context.harness.until(() => entered.isOpen, label) };
}

/** Starts an input of `s1` that hangs in an `agent:input:before` middleware before `next`. */
export async function stuckInPreprocessing(context: CaseContext): Promise<InputRecord> {
  session(context.harness, 's1');
  session(context.harness, 's2');
  const entered = hangHook(context, 'agent:input:before', { sessionId: 's1' });
  const stuck = sendHuman(context, 's1', 'stuck in preprocessing');
  await entered.opened;
  return stuck;
}

/**
 * Starts an input of `s1` whose turn replies while an `agent:input:before` middleware hangs
 * after `next` (`afterHang` runs once that middleware is registered, to add more); checks that
 * the turn still ended as usual.
 */
export async function answeredThenStuck(context: CaseContext, afterHang?: () => void): Promise<InputRecord> {
  const h = context.harness;
  session(h, 's1');
  h.model.script([{ text: 'answered' }]);
  const entered = hangHook(context, 'agent:input:before', { sessionId: 's1', afterNext: true });
  afterHang?.();
  const stuck = sendHuman(context, 's1', 'answered, then stuck');
  await entered.opened;
  assert.equal('LIV-1', turns(h, 's1')[0]?.after?.outcome, 'replied', {
    rule: 'a turn must still end as usual when an agent:input:before middleware hangs after next()',
    subject: 'the outcome of the turn',
  });
  return stuck;
}
