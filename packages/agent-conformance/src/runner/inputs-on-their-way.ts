import type { Harness } from '../harness/harness';
import type { AgentUnderTest } from './agent-under-test';
import type { CaseState } from './case-state';
import type { InputRecord } from './input-record';

/** How the kit tells one input from another across a copy: its session and message id. */
function keyOf(message: { readonly sessionId: string; readonly messageId?: string | undefined }): string {
  return `${message.sessionId}\u0000${message.messageId ?? ''}`;
}

/** How many times each input key occurs in `messages`. */
function countKeys(messages: Iterable<{ readonly sessionId: string; readonly messageId?: string }>) {
  const counts = new Map<string, number>();
  for (const message of messages) counts.set(keyOf(message), (counts.get(keyOf(message)) ?? 0) + 1);
  return counts;
}

/**
 * Whether an input handed to `agent` is on its way: its `handleMessage` has not settled, and
 * either no `agent:input:before` run began for it yet, or the `agent:turn:after` run of a turn
 * it belongs to has ended. An agent may take its time at either end — a database between the
 * process that received the input and the session's owner, a write before anything else, a
 * settlement that travels back — and that time is its own: until per-input processing begins
 * the input is not waiting in the session ([SCH-8]: the queue holds inputs that passed it), and
 * once its turn ended, nothing is left for it but to settle ([SVC-2]). Matched by session and
 * message id, as an agent may hand the hooks a copy.
 */
/** Where an input on its way is: not yet at its agent, or back from its ended turn. */
type Way = 'in' | 'out';

function onTheirWay(
  harness: Harness,
  agent: AgentUnderTest,
  stuck: ReadonlyMap<InputRecord, Way>,
): Map<InputRecord, Way> {
  const begun = countKeys(harness.hooks.of('agent:input:before').map((run) => run.payload.message));
  const ended = countKeys(
    harness.hooks
      .of('agent:turn:after')
      .filter((run) => run.endSeq !== undefined)
      .flatMap((run) => run.payload.inputs.map((input) => input.message)),
  );
  const take = (counts: Map<string, number>, key: string) => {
    const count = counts.get(key) ?? 0;
    if (count > 0) counts.set(key, count - 1);
    return count > 0;
  };
  const onTheWay = new Map<InputRecord, Way>();
  for (const input of agent.inputs) {
    const key = keyOf(input.message);
    const arrived = take(begun, key);
    const turnEnded = take(ended, key);
    if (input.settled || (arrived && !turnEnded)) continue;
    const way: Way = arrived ? 'out' : 'in';
    if (stuck.get(input) !== way) onTheWay.set(input, way);
  }
  return onTheWay;
}

/**
 * The inputs a case handed over, to the agent or to a second process's agent, that are still on
 * their way in or out (see `onTheirWay`): `settle` waits for them (within its limit) before it
 * calls the agent quiet, so a case that hands an input in during a turn and settles sees it
 * arrived, and one that lets a turn end and settles sees its inputs settled. An input still on
 * its way when a `settle` gave up at its limit is stuck there (held by a clearing, or lost by a
 * broken agent): later settles do not wait for it on that way again, so a broken agent costs one
 * limit, not one per settle; once it arrived, they wait for it on its way out.
 */
export function createInputsOnTheirWay(state: CaseState): { pending(): boolean; markStuck(): void } {
  const stuck = new Map<InputRecord, Way>();
  const all = (): [InputRecord, Way][] => {
    const { harness, agent } = state;
    const own = harness !== undefined && agent !== undefined ? [...onTheirWay(harness, agent, stuck)] : [];
    return [...own, ...state.peers.flatMap((peer) => [...onTheirWay(peer.harness, peer.agent, stuck)])];
  };
  return {
    pending: () => all().length > 0,
    markStuck: () => {
      for (const [input, way] of all()) stuck.set(input, way);
    },
  };
}
