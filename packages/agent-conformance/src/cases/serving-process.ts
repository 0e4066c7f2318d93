import type { CaseContext, CasePeer } from '../define-case';
import type { Gate } from '../harness/gate';
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
async function serveOnOneOfTwo(
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

/** A session served by one of two processes, and a later input routed to the serving one. */
export interface RoutedScenario extends ServedSession {
  /** The later input: handed to the other process, it reached the serving process's agent. */
  readonly later: InputRecord;
}

/** What {@link routeLaterInput} scripts and hands over. */
export interface RoutedScenarioOptions {
  /** The content of the input that opens s1's first turn, handed to the case's own process. */
  readonly first: string;
  /** The steps scripted alike on both processes' models. */
  readonly steps: readonly ModelStep[];
  /** The content of the later input, handed to the process that does not serve s1. */
  readonly later: string;
  /** The gates the steps and `prepare` wait for, opened when the scenario cannot be made (read then). */
  readonly gates: readonly Gate[];
  /** Runs on each process before the first input is handed over. */
  readonly prepare?: (process: CasePeer) => void;
}

/**
 * s1 served by one of two processes ({@link serveOnOneOfTwo}), and a later input handed to the
 * other process. Resolves once the later input reached the serving process's agent. Resolves
 * `undefined` for an agent whose other process runs the later input itself, beside the serving
 * one: such an agent cannot make the scenario ([DUR-3] is reported by its own case), so the
 * gates are opened and both inputs awaited first.
 */
export async function routeLaterInput(
  context: CaseContext,
  options: RoutedScenarioOptions,
): Promise<RoutedScenario | undefined> {
  const served = await serveOnOneOfTwo(context, 's1', options.first, options.steps, options.prepare);
  const handed = await handTo(served.other, served.serving, 's1', options.later);
  if (handed.routed) return { ...served, later: handed.input };
  for (const gate of options.gates) gate.open();
  await Promise.all([served.input.done, handed.input.done]);
  return undefined;
}
