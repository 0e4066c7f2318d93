import type { Harness } from '../harness/harness';
import type { AgentUnderTest } from './agent-under-test';
import type { CaseState } from './case-state';

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
function onTheirWay(harness: Harness, agent: AgentUnderTest): boolean {
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
  for (const input of agent.inputs) {
    const key = keyOf(input.message);
    const arrived = take(begun, key);
    const turnEnded = take(ended, key);
    if (!input.settled && (!arrived || turnEnded)) return true;
  }
  return false;
}

/**
 * Whether any input a case handed over, to the agent or to a second process's agent, is still
 * on its way in or out (see `onTheirWay`): `settle` waits for them (within its limit) before it
 * calls the agent quiet, so a case that hands an input in during a turn and settles sees it
 * arrived, and one that lets a turn end and settles sees its inputs settled.
 */
export function inputsOnTheirWay(state: CaseState): boolean {
  const { harness, agent } = state;
  if (harness !== undefined && agent !== undefined && onTheirWay(harness, agent)) return true;
  return state.peers.some((peer) => onTheirWay(peer.harness, peer.agent));
}
