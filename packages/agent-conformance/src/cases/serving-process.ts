import type { CaseContext, CasePeer } from '../define-case';
import type { Harness } from '../harness/harness';
import type { ModelCallRecord } from '../harness/model-call-record';
import type { ModelStep } from '../harness/model-step';
import type { ScriptedStepHandle } from '../harness/scripted-model';
import type { InputRecord } from '../runner/input-record';
import { sendHuman, session } from './scenario';

/**
 * Two processes of one agent over the same archive and session manager ([DUR-3]), and which of
 * them serves a session. Not public API.
 */

/** The process serving the session, the call its first step made, and the other process. */
export interface ServedSession {
  /** The process whose model took the first step: the one serving the session. */
  readonly serving: CasePeer;
  /** The model call of the first step on the serving process. */
  readonly call: ModelCallRecord;
  /** The handles of `steps` as scripted on the serving process's model. */
  readonly steps: readonly ScriptedStepHandle[];
  /** The process that does not serve the session. */
  readonly other: CasePeer;
  /** The input that opened the first turn, handed to the case's own process. */
  readonly input: InputRecord;
}

/**
 * Creates the session, builds a second process, scripts `steps` on both processes' models, and hands `content` to
 * the case's own process as a human input of `sessionId`. Whichever process serves the session
 * runs its turn — the one that received the input, or the one an agent that routes sessions
 * between processes hands it to — so both are scripted alike, and the one whose first step
 * starts is the serving one. Steps that wait should wait for a gate the case opens at the end
 * (not `untilAborted`): the other process may serve the session's later inputs. `prepare`
 * runs on each process before the input is handed over.
 */
export async function serveOnOneOfTwo(
  context: CaseContext,
  sessionId: string,
  content: string,
  steps: readonly ModelStep[],
  prepare?: (process: CasePeer) => void,
): Promise<ServedSession> {
  const own: CasePeer = { harness: context.harness, agent: context.agent };
  session(context.harness, sessionId);
  const peer = await context.peer();
  prepare?.(own);
  prepare?.(peer);
  const here = own.harness.model.script(steps);
  const there = peer.harness.model.script(steps);
  const input = sendHuman(context, sessionId, content);
  return Promise.race([
    here[0]!.started.then((call) => ({ serving: own, call, steps: here, other: peer, input })),
    there[0]!.started.then((call) => ({ serving: peer, call, steps: there, other: own, input })),
  ]);
}

/** An input handed to one process, and whether it reached the serving process. */
export interface HandedInput {
  readonly input: InputRecord;
  /**
   * Whether the input reached the serving process's agent. `false` when the process it was
   * handed to ran it itself, beside the serving one: an agent that does not route a session to
   * one process cannot make the case's scenario ([DUR-3] is reported by its own case).
   */
  readonly routed: boolean;
}

/** Whether `agent:input:before` ran on `harness` for an input of `sessionId` with `content`. */
function arrivedAt(harness: Harness, sessionId: string, content: string): boolean {
  return harness.hooks
    .of('agent:input:before')
    .some((run) => run.payload.message.sessionId === sessionId && run.payload.message.content === content);
}

/**
 * Hands `content` to `process` as a human input of `sessionId`, and resolves once it arrived at
 * the agent of the serving process or, for an agent that does not route sessions, of `process`.
 */
export async function handTo(
  process: CasePeer,
  serving: CasePeer,
  sessionId: string,
  content: string,
): Promise<HandedInput> {
  const input = process.agent.send(process.harness.input({ sessionId, content }));
  const label = `"${content}" to reach agent:input:before on the serving process`;
  return Promise.race([
    serving.harness.until(() => arrivedAt(serving.harness, sessionId, content), label).then(() => true),
    process.harness.until(() => arrivedAt(process.harness, sessionId, content), label).then(() => false),
  ]).then((routed) => ({ input, routed }));
}
