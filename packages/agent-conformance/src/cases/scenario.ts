import { isDeepStrictEqual } from 'node:util';
import type { AgentTurnAfterPayload, TokenUsageEvent, TurnInput } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import {
  type IncomingMessage,
  WellKnownMetadataKeys as Keys,
  type Message,
  type MessageSource,
  type OutgoingMessage,
  type StreamChunk,
} from '@aalis/schema-message';
import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import type { SessionSpec } from '../harness/fake-session-manager';
import type { Gate } from '../harness/gate';
import { createGate } from '../harness/gate';
import type { Harness, InputFields } from '../harness/harness';
import type { HookRunRecord } from '../harness/hook-run-record';
import type { ModelCallRecord } from '../harness/model-call-record';
import type { ScriptedStepHandle } from '../harness/scripted-model';
import type { InputRecord } from '../runner/input-record';

/**
 * Shared moves of the cases, kept small so each case reads as its scenario. Not public API.
 */

/** A turn as the hooks saw it. */
export interface TurnView {
  readonly turnId: string;
  readonly sessionId: string;
  /** The live inputs array of `agent:turn:before`. */
  readonly inputs: readonly TurnInput[];
  readonly before: HookRunRecord<'agent:turn:before'>;
  /** The `agent:turn:after` run of this turn, once there is one. */
  readonly afterRun: HookRunRecord<'agent:turn:after'> | undefined;
  readonly after: AgentTurnAfterPayload | undefined;
}

/** Every turn that reached `agent:turn:before`, in order (optionally of one session). */
export function turns(harness: Harness, sessionId?: string): TurnView[] {
  const afterRuns = harness.hooks.of('agent:turn:after');
  return harness.hooks
    .of('agent:turn:before')
    .filter((run) => sessionId === undefined || run.payload.sessionId === sessionId)
    .map((run) => {
      const afterRun = afterRuns.find((candidate) => candidate.payload.turnId === run.payload.turnId);
      return {
        turnId: run.payload.turnId,
        sessionId: run.payload.sessionId,
        inputs: run.payload.inputs,
        before: run,
        afterRun,
        after: afterRun?.payload,
      };
    });
}

/** The contents of a turn's inputs. */
export function contents(inputs: readonly TurnInput[]): string[] {
  return inputs.map((input) => input.message.content);
}

function ofSession(sessionId: string | undefined): string {
  return sessionId === undefined ? '' : ` of ${sessionId}`;
}

/** Resolves once `count` turns (of the session, if given) reached `agent:turn:after`. */
export function turnsEnded(harness: Harness, count: number, sessionId?: string): Promise<void> {
  return harness.until(
    () => turns(harness, sessionId).filter((turn) => turn.afterRun !== undefined).length >= count,
    `${count} turn(s)${ofSession(sessionId)} to reach agent:turn:after`,
  );
}

/** Resolves once `count` turns (of the session, if given) reached `agent:turn:before`. */
export function turnsStarted(harness: Harness, count: number, sessionId?: string): Promise<void> {
  return harness.until(
    () => turns(harness, sessionId).length >= count,
    `${count} turn(s)${ofSession(sessionId)} to reach agent:turn:before`,
  );
}

/** Creates a session (default kind `console`, settings `{}`). */
export function session(harness: Harness, id: string, spec: Omit<SessionSpec, 'id'> = {}): string {
  harness.sessions.create({ id, ...spec });
  return id;
}

/** Hands a human input (no source) to the agent. */
export function sendHuman(
  context: CaseContext,
  sessionId: string,
  content: string,
  fields: Partial<InputFields> = {},
): InputRecord {
  return context.agent.send(context.harness.input({ sessionId, content, ...fields }));
}

/** The source of injections the cases send. */
export const SCHEDULER_SOURCE: MessageSource = Object.freeze({ kind: 'scheduler', id: 'job-1' });

/** Hands an injection (with a source) to the agent. */
export function sendInjection(
  context: CaseContext,
  sessionId: string,
  content: string,
  source: MessageSource = SCHEDULER_SOURCE,
): InputRecord {
  return context.agent.send(context.harness.input({ sessionId, content, source: { ...source } }));
}

/** A turn held inside its first model call until the case opens `gate`. */
export interface HeldTurn {
  readonly input: InputRecord;
  readonly gate: Gate;
  readonly step: ScriptedStepHandle;
  readonly call: ModelCallRecord;
}

/**
 * Starts a turn whose first model call waits: for `gate` (then replies `reply`), or, with
 * `untilAborted`, until the call is aborted.
 */
export async function holdTurn(
  context: CaseContext,
  options: {
    readonly sessionId: string;
    readonly content: string;
    readonly injection?: boolean;
    readonly reply?: string;
    readonly untilAborted?: boolean;
  },
): Promise<HeldTurn> {
  const gate = createGate();
  const [step] = context.harness.model.script([
    options.untilAborted === true
      ? { untilAborted: true }
      : { waitFor: gate, text: options.reply ?? `reply to ${options.content}` },
  ]);
  const input =
    options.injection === true
      ? sendInjection(context, options.sessionId, options.content)
      : sendHuman(context, options.sessionId, options.content);
  const call = await step!.started;
  return { input, gate, step: step!, call };
}

/**
 * A human input of session `s1` opens a turn that calls the tool `lookup` and waits in it; a
 * second human input arrives while the tool runs (so it can join before the next model call,
 * [SCH-2]); then the tool finishes, the model replies `done`, and both inputs settle.
 */
export async function secondInputDuringToolCall(
  context: CaseContext,
  first: string,
  second: string,
): Promise<readonly [InputRecord, InputRecord]> {
  const h = context.harness;
  session(h, 's1');
  const gate = createGate();
  const lookup = h.tools.define({ name: 'lookup', steps: [{ waitFor: gate }] });
  h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
  const opening = sendHuman(context, 's1', first);
  await lookup.started(0);
  const arriving = sendHuman(context, 's1', second);
  await h.settle();
  gate.open();
  await Promise.all([opening.done, arriving.done]);
  return [opening, arriving];
}

/** Asks, from `agent:reply:before`, for one format retry of each first reply, with `feedback`. */
export function retryFirstReply(harness: Harness, feedback: string): void {
  harness.hooks.middleware('agent:reply:before', async (payload, next) => {
    if (payload.attempt === 0) payload.retry = { feedback };
    await next();
  });
}

/**
 * Holds the end of the first turn that reaches `agent:turn:after` (after its `next`) until the
 * returned gate opens: a stopped turn still winding down, for what must wait for its end.
 */
export function holdFirstTurnEnd(harness: Harness): Gate {
  const gate = createGate();
  let first = true;
  harness.hooks.middleware('agent:turn:after', async (_payload, next) => {
    await next();
    if (!first) return;
    first = false;
    await gate.opened;
  });
  return gate;
}

/** Whether any message of a model call contains `text`. */
export function callContains(call: { readonly messages: readonly ChatMessage[] }, text: string): boolean {
  return call.messages.some(
    (message) => typeof message.content === 'string' && message.content.includes(text),
  );
}

/** The stored messages of a session that contain `text`. */
export function storedWith(harness: Harness, sessionId: string, text: string): Message[] {
  return harness.archive.messages(sessionId).filter((message) => message.content.includes(text));
}

/** Every `archiveIncoming` write of an input with exactly this content. */
export function incomingWrites(harness: Harness, content: string) {
  return harness.archive.writes.filter(
    (write) => write.operation === 'archiveIncoming' && write.messages[0]?.content === content,
  );
}

/**
 * The names a reply may record for the model `ref` ([ARC-3]): the reference itself, and the
 * model's name without its provider (`conformance/alt` → `alt`).
 */
export function modelNames(ref: string): string[] {
  return [ref, ref.split('/').slice(1).join('/')];
}

/** The messages handed to the platform (`outbound:message`) for a session. */
export function outbound(harness: Harness, sessionId: string): OutgoingMessage[] {
  return harness.events
    .of('outbound:message')
    .map((event) => event.payload.message)
    .filter((message) => message.sessionId === sessionId);
}

/** The streamed chunks (`outbound:stream`) of a session. */
export function streamChunks(harness: Harness, sessionId: string): StreamChunk[] {
  return harness.events
    .of('outbound:stream')
    .map((event) => event.payload.chunk)
    .filter((chunk) => chunk.sessionId === sessionId);
}

/** The stream end markers sent for a session ([OUT-3]). */
export function endMarkers(harness: Harness, sessionId: string): StreamChunk[] {
  return streamChunks(harness, sessionId).filter((chunk) => chunk.type === 'end');
}

/** The contents each `agent:queue` of a session listed as waiting, in order ([SCH-8]). */
export function waitingLists(harness: Harness, sessionId: string): string[][] {
  return harness.events
    .of('agent:queue')
    .filter((event) => event.payload.sessionId === sessionId)
    .map((event) => event.payload.waiting.map((message) => message.content));
}

/** The `token:usage` events of model calls (not snapshots) of a turn or session. */
export function usageOf(
  harness: Harness,
  filter: { readonly turnId?: string; readonly sessionId?: string },
): TokenUsageEvent[] {
  return harness.events
    .of('token:usage')
    .map((event) => event.payload)
    .filter(
      (usage) =>
        usage.snapshot !== true &&
        (filter.turnId === undefined || usage.turnId === filter.turnId) &&
        (filter.sessionId === undefined || usage.sessionId === filter.sessionId),
    );
}

/** A message body of about `tokens` tokens (four characters per token, distinct per seed). */
export function filler(seed: string, tokens: number): string {
  const words: string[] = [];
  for (let index = 0; words.join(' ').length < tokens * 4; index += 1) words.push(`${seed}${index}`);
  return words.join(' ');
}

/** Seeds `count` prior messages of about `tokens` tokens each, user and assistant in turn. */
export function seedLongHistory(harness: Harness, sessionId: string, count: number, tokens: number): void {
  harness.archive.seed(
    sessionId,
    Array.from({ length: count }, (_, index) => ({
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: filler(`h${index}x`, tokens),
    })),
  );
}

/** The activity number of the first write of a session that carries a turn record ([ARC-8]). */
export function recordWriteSeq(harness: Harness, sessionId: string): number | undefined {
  const write = harness.archive.writes.find(
    (candidate) =>
      candidate.sessionId === sessionId &&
      (candidate.patch?.[Keys.TurnRecord] !== undefined ||
        candidate.messages.some((message) => message.metadata[Keys.TurnRecord] !== undefined)),
  );
  return write?.seq;
}

/**
 * Hands a human input of `s1` over while a clearing holds the session, then moves the session to
 * its next generation, as a deletion that began while the input waited does ([DEL-2]): the input
 * must be released once the hold ends. Resolves with its record once the clearing ended.
 */
export async function sendDuringDeletion(context: CaseContext, content: string): Promise<InputRecord> {
  const h = context.harness;
  session(h, 's1');
  let stale: InputRecord | undefined;
  await context.agent.clearing(['s1'], async () => {
    stale = sendHuman(context, 's1', content);
    await h.settle();
    h.sessions.advanceGeneration('s1');
  });
  return assert.defined('DEL-2', stale, {
    rule: 'the case sends an input during the hold',
    subject: 'the input sent during the hold',
  });
}

/** An incoming message with the same content, to find its archived copy. */
export function isInput(message: Message, input: IncomingMessage): boolean {
  return message.role === 'user' && message.content === input.content;
}

/** Runs `action` and reports whether it threw or rejected, and with what. */
export async function outcomeOf(
  action: () => unknown,
): Promise<{ readonly failed: boolean; readonly error: unknown }> {
  try {
    await action();
    return { failed: false, error: undefined };
  } catch (error) {
    return { failed: true, error };
  }
}

/** The stored final replies of a session: assistant messages without tool calls or kind. */
export function storedReplies(harness: Harness, sessionId: string): Message[] {
  return harness.archive
    .messages(sessionId)
    .filter(
      (message) =>
        message.role === 'assistant' && (message.toolCalls?.length ?? 0) === 0 && message.kind === undefined,
    );
}

/** The four exit paths of a turn ([HK-8], [OUT-1]), each the name of the session whose turn takes it. */
export const EXIT_PATHS = ['replied', 'silent', 'aborted', 'error'] as const;

/** Runs one turn down each exit path, in a session named after it, one after the other. */
export async function runEveryExitPath(context: CaseContext): Promise<void> {
  const h = context.harness;
  for (const id of EXIT_PATHS) session(h, id);
  h.model.script([{ text: 'a reply' }, { text: '' }]);
  await sendHuman(context, 'replied', 'question').done;
  await sendHuman(context, 'silent', 'question').done;
  const held = await holdTurn(context, { sessionId: 'aborted', content: 'question', untilAborted: true });
  context.agent.abort('aborted');
  await held.input.done;
  h.model.script([{ throws: 'the model is down' }]);
  await sendHuman(context, 'error', 'question').done;
}

/** The snapshot `token:request` gets for a session ([USG-8]: a missing one is reported there). */
export async function snapshotOf(h: Harness, sessionId: string): Promise<TokenUsageEvent> {
  await h.events.emit('token:request', { sessionIds: [sessionId] });
  await h.settle();
  const found = h.events
    .of('token:usage')
    .find((event) => event.payload.snapshot === true && event.payload.sessionId === sessionId);
  return assert.defined('USG-8', found?.payload, {
    rule: 'token:request must be answered with a snapshot per session',
    subject: `the snapshot of ${sessionId}`,
  });
}

/** A middleware of another plugin that holds one hook's runs before `next` until its gate opens. */
export interface HeldHook {
  readonly gate: Gate;
  /** Resolves once the middleware holds a run. */
  reached(): Promise<void>;
}

/**
 * Adds a middleware on hook `name` that waits for the returned gate before calling `next`, as a
 * slow plugin does; every run of the hook waits for the same gate.
 */
export function holdHook(h: Harness, name: 'agent:input:before' | 'agent:turn:before'): HeldHook {
  const gate = createGate();
  let entered = false;
  h.hooks.middleware(name, async (_payload: unknown, next: () => Promise<void>) => {
    entered = true;
    h.tick();
    await gate.opened;
    await next();
  });
  return { gate, reached: () => h.until(() => entered, `the ${name} middleware to hold its run`) };
}

/** Starts `clearing` with a `clear` that waits for a gate; resolves once `clear` runs. */
export async function holdClearing(context: CaseContext, sessionIds: readonly string[] | undefined) {
  const gate = createGate();
  let started = false;
  const clearing = context.agent.clearing(sessionIds, async () => {
    started = true;
    context.harness.tick();
    await gate.opened;
  });
  const outcome = clearing.then(
    () => undefined,
    (error: unknown) => error,
  );
  await context.harness.until(() => started, 'clearing to call clear()');
  return { gate, outcome };
}

/** An input an `agent:input:before` step holds until `gate` opens. */
export interface HeldInput {
  readonly gate: Gate;
  readonly input: InputRecord;
}

/**
 * Deletes `sessionId` while one of its inputs is held in `agent:input:before` (the generation
 * moves on, `session:deleted` is emitted and its listeners awaited), then lets the input go on
 * and waits for it to settle ([DEL-2]).
 */
export async function deleteWhileHeld(
  context: CaseContext,
  sessionId: string,
  held: HeldInput,
): Promise<void> {
  const h = context.harness;
  const generation = h.sessions.advanceGeneration(sessionId);
  await h.events.emit('session:deleted', { sessionId, generation });
  held.gate.open();
  await held.input.done;
}

/**
 * Lets an input held in `agent:input:before` go on while a clearing of its session holds it in
 * `clear()` (from {@link holdClearing}), waits for quiet, then lets `clear()` end; resolves once
 * the clearing and the input settled ([CLR-2]).
 */
export async function letGoDuringClearing(
  context: CaseContext,
  held: HeldInput,
  clearing: Awaited<ReturnType<typeof holdClearing>>,
): Promise<void> {
  held.gate.open();
  await context.harness.settle();
  clearing.gate.open();
  await clearing.outcome;
  await held.input.done;
}

/**
 * `s1` runs a turn that waits until stopped and whose `agent:turn:after` is held; the session is
 * deleted (its generation advanced, `session:deleted` emitted), and once the stopped turn reached
 * its end an input of the new generation, `first of the new session`, is handed over (the model
 * is scripted to answer it) and the agent settles. The stopped turn still winds down: open
 * `windDown` to let it end; `deleted` is the listener's settling.
 */
export async function newInputDuringDeletionWindDown(context: CaseContext): Promise<{
  readonly windDown: Gate;
  readonly held: HeldTurn;
  readonly deleted: Promise<void>;
  readonly fresh: InputRecord;
}> {
  const h = context.harness;
  session(h, 's1');
  const windDown = holdFirstTurnEnd(h);
  const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
  const generation = h.sessions.advanceGeneration('s1');
  const deleted = h.events.emit('session:deleted', { sessionId: 's1', generation });
  await turnsEnded(h, 1, 's1');
  h.model.script([{ text: 'reply in the new session' }]);
  const fresh = sendHuman(context, 's1', 'first of the new session');
  await h.settle();
  return { windDown, held, deleted, fresh };
}

/** A gate that also tells whether someone began to wait for it (a held store write, say). */
export interface WatchedGate extends Gate {
  readonly reached: boolean;
}

/** A closed {@link WatchedGate}: waiting for it ticks the harness's clock of events. */
export function watchedGate(context: CaseContext): WatchedGate {
  const inner = createGate();
  let reached = false;
  return {
    get opened() {
      reached = true;
      context.harness.tick();
      return inner.opened;
    },
    get isOpen() {
      return inner.isOpen;
    },
    get reached() {
      return reached;
    },
    open: () => inner.open(),
  };
}

/** Whether `lists` holds each list of `expected`, in that order (others may stand between). */
export function containsInOrder(lists: readonly string[][], expected: readonly string[][]): boolean {
  let position = 0;
  for (const list of lists) {
    if (position < expected.length && isDeepStrictEqual(list, expected[position])) position += 1;
  }
  return position === expected.length;
}
