import type { CaseContext } from '../define-case';
import { createGate, type Gate } from '../harness/gate';
import type { InputRecord } from '../runner/input-record';
import { holdTurn, sendInjection, session, turns, turnsEnded } from './scenario';

/** An input of `s1` that arrived while no turn of `s1` ran, and whether it is still waiting. */
export interface IdleQueuedInput {
  /** The input that arrived while the released input was being archived. */
  readonly arriving: InputRecord;
  /** Holds the archiving of the input released before it; the case opens it. */
  readonly archived: Gate;
  /**
   * Whether the input waits, in no turn and unsettled, while no turn of `s1` runs. `false`
   * when the agent opened its turn at once: then the scenario cannot be made with this agent.
   */
  readonly waiting: boolean;
  /** The stopped turn's input and the input its stop released: the case awaits them too. */
  readonly earlier: readonly InputRecord[];
}

/**
 * Queues an input of session `s1` while no turn of `s1` runs ([ABT-3], [ABT-7], [DEL-1]): a
 * turn is stopped by abort with `queued`, the input it released is archived after the turn
 * ended on a slow store (held until `archived` opens), and an injection `content` arrives
 * meanwhile. An agent may let that input wait until the release is archived (the reference
 * implementation does, so that history keeps its order) or open its turn at once; the model
 * answers such a turn with `reply to <content>`, and `waiting` says which happened.
 */
export async function queueWhileIdle(context: CaseContext, content: string): Promise<IdleQueuedInput> {
  const h = context.harness;
  session(h, 's1');
  const held = await holdTurn(context, { sessionId: 's1', content: 'stopped', untilAborted: true });
  const released = sendInjection(context, 's1', 'released by the stop');
  await h.settle();
  const archived = createGate();
  h.archive.holdNext('archiveIncoming', archived);
  context.agent.abort('s1', { queued: true });
  // Only the turn's end: the release's archiving, and maybe the input's settling, wait for the store.
  await turnsEnded(h, 1, 's1');
  await h.settle();
  h.model.script([{ text: `reply to ${content}` }]);
  const arriving = sendInjection(context, 's1', content);
  await h.settle();
  const waiting = turns(h, 's1').length === 1 && !arriving.settled;
  return { arriving, archived, waiting, earlier: [held.input, released] };
}
