import type { CaseContext } from '../define-case';
import type { InputRecord } from '../runner/input-record';
import { holdHook, sendHuman, session } from './scenario';

/**
 * Shared moves of the cases about what an `agent:turn:before` middleware does to its turn. Not
 * public API.
 */

/**
 * A turn of `s1` whose `agent:turn:before` middleware waits before `next`; the stop comes —
 * `abort`, or with `'drain'` the shutdown — and the middleware calls `next` at once, well within
 * any time an agent gives a stopped hook. The turn was not blocked: it must end, with its inputs
 * archived and its record written.
 */
export async function nextAfterStop(
  context: CaseContext,
  stop: 'abort' | 'drain' = 'abort',
): Promise<InputRecord> {
  const h = context.harness;
  session(h, 's1');
  const held = holdHook(h, 'agent:turn:before');
  h.model.script([{ text: 'answer of a stopped turn' }]);
  const input = sendHuman(context, 's1', 'stopped in agent:turn:before');
  await held.reached();
  const drained = stop === 'drain' ? h.drain() : context.agent.abort('s1');
  held.gate.open();
  await Promise.all([input.done, drained]);
  await h.settle();
  return input;
}

/** A turn of `s1` whose `agent:turn:before` middleware throws before `next` ([SVC-3]). */
export async function throwBeforeNext(context: CaseContext): Promise<InputRecord> {
  const h = context.harness;
  session(h, 's1');
  h.hooks.middleware('agent:turn:before', () => {
    throw new Error('turn opening exploded');
  });
  h.model.script([{ text: 'answered' }]);
  const input = await sendHuman(context, 's1', 'hello').done;
  await h.settle();
  return input;
}
