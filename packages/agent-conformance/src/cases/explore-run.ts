import type { CaseContext } from '../define-case';
import type { Gate } from '../harness/gate';
import { createGate } from '../harness/gate';
import type { ModelStep } from '../harness/model-step';
import type { ToolStep } from '../harness/tool-step';
import type { InputRecord } from '../runner/input-record';
import type { ExploreOp, ExploreProgram, ModelPlan, ReplyPlan, ToolPlan } from './explore-program';
import { inputContent } from './explore-program';
import { sendHuman, sendInjection, session, turns } from './scenario';

/** The tool every explored program's model calls. */
export const EXPLORED_TOOL = 'lookup';

/** What the program's model says alongside the tool calls of its `index`-th answer (0 = the first), in a room. */
export function saidText(program: Pick<ExploreProgram, 'seed'>, index: number): string {
  return `said ${program.seed}.${index + 1}`;
}

/** One `abort` an explored program made, and what the session looked like when it did. */
export interface AbortObservation {
  /** The activity number just before the call. */
  readonly seq: number;
  readonly queued: boolean;
  /** Whether the case waited for quiet first: then `running` and `waiting` are known. */
  readonly quiet: boolean;
  /** Whether it named the id of a turn that was not running ([ABT-2]). */
  readonly stale: boolean;
  readonly returned: boolean;
  /** After quiet: the turn running when it was called. */
  readonly running: string | undefined;
  /** After quiet: the inputs handed over, not settled and in no turn yet (queued or pending). */
  readonly waiting: readonly InputRecord[];
  /** Stale only: what changed once quiet again, in words; `undefined` when nothing did. */
  readonly changed: string | undefined;
  /** Whether a clearing of the program had not settled yet: its hold may keep inputs waiting. */
  readonly duringClearing: boolean;
}

/** One `clearing` an explored program made, what the session looked like, and when `clear` ran. */
export interface ClearingObservation {
  /** The activity number just before the call. */
  readonly seq: number;
  /** Whether the case waited for quiet first: then `running` and `waiting` are known. */
  readonly quiet: boolean;
  /** After quiet: the inputs handed over, not settled and in no turn yet (queued or pending). */
  readonly waiting: readonly InputRecord[];
  /** The activity numbers when `clear` began and returned; `undefined` until then. */
  clearStart: number | undefined;
  clearEnd: number | undefined;
  /** Whether the `clearing` call settled. */
  settled: boolean;
}

/** One deletion of the session an explored program made, and what the session looked like. */
export interface DeletionObservation {
  /** The activity number just before the generation moved on. */
  readonly seq: number;
  /** Whether the case waited for quiet first: then `running` and `waiting` are known. */
  readonly quiet: boolean;
  /** After quiet: the turn running when the session was deleted. */
  readonly running: string | undefined;
  /** After quiet: the inputs handed over, not settled and in no turn yet (queued or pending). */
  readonly waiting: readonly InputRecord[];
  /** The activity number when the `session:deleted` listeners resolved; `undefined` until then. */
  listened: number | undefined;
}

/** The models an explored program assigns: one that sees images, one that does not ([HK-3]). */
export const EXPLORED_MODELS = { seeing: 'conformance/explored-seeing', blind: 'conformance/explored-blind' };

/** One `assignModel` an explored program made, and how it ended. */
export interface AssignObservation {
  /** The activity number just before the call. */
  readonly seq: number;
  readonly model: string;
  /** The activity number when it settled; `undefined` until then. */
  settled: number | undefined;
  /** What it threw, in words; `undefined` when it resolved. */
  error: string | undefined;
}

/** One run of `agent:reply:before` in an explored program's session, as its middleware saw it. */
export interface ReplyObservation {
  /** The activity number when the middleware began. */
  readonly seq: number;
  readonly plan: ReplyPlan;
  /** The reply this run was about. */
  readonly content: string;
  readonly attempt: number;
  /** Whether the middleware asked for a format retry (the agent offered one). */
  readonly retried: boolean;
}

/** What running an explored program left to check. */
export interface ProgramRun {
  readonly program: ExploreProgram;
  readonly inputs: readonly InputRecord[];
  readonly aborts: readonly AbortObservation[];
  readonly clearings: readonly ClearingObservation[];
  readonly deletions: readonly DeletionObservation[];
  readonly replies: readonly ReplyObservation[];
  readonly assigns: readonly AssignObservation[];
}

interface HeldCall {
  readonly gate: Gate;
  readonly started: () => boolean;
}

interface RunState {
  readonly context: CaseContext;
  readonly program: ExploreProgram;
  readonly inputs: InputRecord[];
  readonly aborts: AbortObservation[];
  readonly clearings: ClearingObservation[];
  /** The program's clearings: their held `clear` and their settling. */
  readonly clearingGates: Gate[];
  readonly clearingsDone: Promise<void>[];
  readonly deletions: DeletionObservation[];
  readonly replies: ReplyObservation[];
  readonly assigns: AssignObservation[];
  readonly held: HeldCall[];
  /** Set once the program's moves are done: what would be held from then on goes at once. */
  closing: boolean;
}

function modelStep(plan: ModelPlan, index: number, state: RunState, isActive: () => boolean): ModelStep {
  const match = () => isActive();
  // One text per call, so that a reply a format retry dropped is told from the one that followed.
  const text = `reply ${state.program.seed}.${index + 1}`;
  if (plan === 'reply') return { text, match };
  if (plan === 'silent') return { text: '', match };
  if (plan === 'fails') return { throws: 'the model is down', match };
  if (plan === 'tool-call') {
    // In a room the model also says something alongside its tool calls: persisted, never sent ([ARC-5]).
    const said = state.program.replies.length > 0 ? { text: saidText(state.program, index) } : {};
    return { toolCalls: [{ name: EXPLORED_TOOL }], match, ...said };
  }
  const gate = createGate();
  const step: ModelStep = { waitFor: gate, text, match };
  return step;
}

function toolStep(plan: ToolPlan, index: number, state: RunState, calls: () => number): ToolStep {
  if (plan === 'instant') return { result: `found ${state.program.seed}` };
  if (plan === 'fails') return { throws: 'the lookup failed' };
  const gate = createGate();
  state.held.push({ gate, started: () => calls() > index });
  return { waitFor: gate, result: `found ${state.program.seed}` };
}

/** Scripts the program's model and tool; the model's steps answer only its own calls. */
function script(state: RunState, isActive: () => boolean): void {
  const h = state.context.harness;
  const plans = state.program.model;
  const steps = plans.map((plan, index) => modelStep(plan, index, state, isActive));
  const inputs = state.program.ops.filter((op) => op.kind === 'human' || op.kind === 'injection').length;
  const tail = Array.from({ length: inputs + 2 }, (_, index) =>
    modelStep('reply', plans.length + index, state, isActive),
  );
  const handles = h.model.script([...steps, ...tail]);
  steps.forEach((step, index) => {
    if (step.waitFor === undefined) return;
    state.held.push({ gate: step.waitFor, started: () => handles[index]?.call !== undefined });
  });
  let tool: { readonly calls: readonly unknown[] } | undefined;
  const toolSteps = state.program.tool.map((plan, index) =>
    toolStep(plan, index, state, () => tool?.calls.length ?? 0),
  );
  tool = h.tools.define({ name: EXPLORED_TOOL, steps: toolSteps });
}

/** What the session looks like once quiet: its running turn and its waiting inputs. */
function sessionNow(state: RunState) {
  const all = turns(state.context.harness, state.program.sessionId);
  const running = all.find((turn) => turn.afterRun === undefined && turn.before.blocked !== true)?.turnId;
  // By content (unique per program): an agent may hand its turn a copy of the message.
  const inTurns = new Set(all.flatMap((turn) => turn.inputs.map((input) => input.message.content)));
  // A dropped input never waits for a turn, even while its settling is on its way back.
  const dropped = new Set(state.program.hooks.dropInputs.map((index) => inputContent(state.program, index)));
  const waiting = state.inputs.filter(
    (input) => !input.settled && !inTurns.has(input.message.content) && !dropped.has(input.message.content),
  );
  return { all, running, waiting };
}

async function abort(state: RunState, op: Extract<ExploreOp, { kind: 'abort' }>): Promise<void> {
  const { context, program } = state;
  if (op.quiet) await context.harness.settle();
  const now = op.quiet ? sessionNow(state) : undefined;
  const seq = context.harness.tick();
  // A reason, as operators give: it changes nothing but the turn-end log line ([ABT-5], [OUT-2]).
  const reason = `program ${program.seed} stopped`;
  const returned = context.agent.abort(program.sessionId, { queued: op.queued, reason });
  state.aborts.push({
    seq,
    queued: op.queued,
    quiet: op.quiet,
    stale: false,
    returned,
    running: now?.running,
    waiting: now?.waiting ?? [],
    changed: undefined,
    duringClearing: clearingUnsettled(state),
  });
}

function clearingUnsettled(state: RunState): boolean {
  return state.clearings.some((clearing) => !clearing.settled);
}

/** `abort` naming an ended turn (or an id never given), then what changed once quiet again. */
async function abortStale(state: RunState): Promise<void> {
  const { context, program } = state;
  await context.harness.settle();
  const before = sessionNow(state);
  const ended = before.all.filter((turn) => turn.afterRun !== undefined).at(-1)?.turnId;
  const seq = context.harness.tick();
  const returned = context.agent.abort(program.sessionId, { turnId: ended ?? `not-a-turn-${program.seed}` });
  await context.harness.settle();
  const after = sessionNow(state);
  const settled = before.waiting.filter((input) => input.settled);
  const changed =
    after.running !== before.running
      ? `the running turn ${String(before.running)} ended`
      : settled.length > 0
        ? `${settled.length} waiting input(s) settled`
        : undefined;
  state.aborts.push({
    seq,
    queued: false,
    quiet: true,
    stale: true,
    returned,
    running: before.running,
    waiting: before.waiting,
    changed,
    duringClearing: clearingUnsettled(state),
  });
}

/**
 * `clearing` of the program's session with a `clear` that erases nothing (the records the checks
 * read stay): it returns at once, or when the program lets it go as it does a held call.
 */
async function clear(state: RunState, op: Extract<ExploreOp, { kind: 'clear' }>): Promise<void> {
  const { context, program } = state;
  const h = context.harness;
  // One clearing at a time: the text does not settle overlapping ones ([CLR-7] is decided).
  for (const earlier of state.clearingGates) earlier.open();
  await Promise.all(state.clearingsDone);
  if (op.quiet) await h.settle();
  const now = op.quiet ? sessionNow(state) : undefined;
  const gate = createGate();
  state.clearingGates.push(gate);
  const observation: ClearingObservation = {
    seq: h.tick(),
    quiet: op.quiet,
    waiting: now?.waiting ?? [],
    clearStart: undefined,
    clearEnd: undefined,
    settled: false,
  };
  if (op.held) state.held.push({ gate, started: () => observation.clearStart !== undefined });
  state.clearings.push(observation);
  const settled = () => {
    observation.settled = true;
    h.tick(); // activity, so that the case's waits look again
  };
  const clearing = context.agent.clearing([program.sessionId], async () => {
    observation.clearStart = h.tick();
    if (op.held) await gate.opened;
    observation.clearEnd = h.tick();
  });
  state.clearingsDone.push(clearing.then(settled, settled));
}

/**
 * Deletes the program's session as the session manager does: the generation moves on, then
 * `session:deleted` is emitted; the program goes on without waiting for its listeners.
 */
async function deleteSession(state: RunState, op: Extract<ExploreOp, { kind: 'delete' }>): Promise<void> {
  const { context, program } = state;
  const h = context.harness;
  if (op.quiet) await h.settle();
  const now = op.quiet ? sessionNow(state) : undefined;
  const observation: DeletionObservation = {
    seq: h.tick(),
    quiet: op.quiet,
    running: now?.running,
    waiting: now?.waiting ?? [],
    listened: undefined,
  };
  state.deletions.push(observation);
  const generation = h.sessions.advanceGeneration(program.sessionId);
  const listened = () => {
    observation.listened = h.tick();
    h.tick(); // activity, so that the case's waits look again
  };
  h.events.emit('session:deleted', { sessionId: program.sessionId, generation }).then(listened, listened);
}

/** `assignModel` of the session, the program going on without waiting for it. */
async function assign(state: RunState, op: Extract<ExploreOp, { kind: 'assign' }>): Promise<void> {
  const { context, program } = state;
  const h = context.harness;
  if (op.quiet) await h.settle();
  const model = op.seeing ? EXPLORED_MODELS.seeing : EXPLORED_MODELS.blind;
  const observation: AssignObservation = { seq: h.tick(), model, settled: undefined, error: undefined };
  state.assigns.push(observation);
  const settled = (error: unknown) => {
    observation.error = error === undefined ? undefined : String(error);
    observation.settled = h.tick();
    h.tick(); // activity, so that the case's waits look again
  };
  context.agent.assignModel(program.sessionId, model).then(() => settled(undefined), settled);
}

function openOldest(state: RunState): void {
  state.held.find((call) => !call.gate.isOpen && call.started())?.gate.open();
}

async function perform(state: RunState, op: ExploreOp): Promise<void> {
  const { context, program } = state;
  const content = inputContent(program, state.inputs.length + 1);
  if (op.kind === 'human') state.inputs.push(sendHuman(context, program.sessionId, content));
  else if (op.kind === 'injection') state.inputs.push(sendInjection(context, program.sessionId, content));
  else if (op.kind === 'settle') await context.harness.settle();
  else if (op.kind === 'open') openOldest(state);
  else if (op.kind === 'abort') await abort(state, op);
  else if (op.kind === 'clear') await clear(state, op);
  else if (op.kind === 'delete') await deleteSession(state, op);
  else if (op.kind === 'assign') await assign(state, op);
  else await abortStale(state);
}

/**
 * The middlewares of another plugin the program's hook plan asks for, in its session only:
 * they block its turns at `agent:turn:before` and drop its inputs at `agent:input:before` by
 * not calling `next`. Returns their disposers.
 */
function addMiddlewares(state: RunState): (() => void)[] {
  const h = state.context.harness;
  const { program } = state;
  const dropped = new Set(program.hooks.dropInputs.map((index) => inputContent(program, index)));
  let turnsSeen = 0;
  return [
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      const { message } = payload;
      if (message.sessionId === program.sessionId && dropped.has(message.content)) return;
      await next();
    }),
    h.hooks.middleware('agent:turn:before', async (payload, next) => {
      if (payload.sessionId !== program.sessionId) return next();
      turnsSeen += 1;
      if (program.hooks.blockTurns.includes(turnsSeen)) return;
      await next();
    }),
  ];
}

/**
 * The `agent:reply:before` middleware of another plugin the program's reply plan asks for, in its
 * session only: it lets a reply go, asks for a format retry while the agent offers one, or holds
 * the reply until the program lets it go. Returns its disposer.
 */
function addReplyMiddleware(state: RunState): () => void {
  const h = state.context.harness;
  const { program } = state;
  return h.hooks.middleware('agent:reply:before', async (payload, next) => {
    if (payload.sessionId !== program.sessionId) return next();
    const plan = program.replies[state.replies.length] ?? 'pass';
    const retried = plan === 'retry' && payload.attempt < payload.maxRetries;
    if (retried) payload.retry = { feedback: `program ${program.seed} wants another format` };
    const { content, attempt } = payload;
    state.replies.push({ seq: h.tick(), plan, content, attempt, retried });
    if (plan === 'held' && !state.closing) {
      const gate = createGate();
      state.held.push({ gate, started: () => true });
      await gate.opened;
    }
    await next();
  });
}

/**
 * Runs `program` in a session of its own, then lets every held call answer and waits for every
 * input it handed over to settle ([SVC-2]: a timeout names the inputs still pending).
 */
export async function runProgram(context: CaseContext, program: ExploreProgram): Promise<ProgramRun> {
  const h = context.harness;
  const replying = program.replies.length > 0;
  session(h, program.sessionId, replying ? { kind: 'room' } : {});
  const state: RunState = {
    context,
    program,
    inputs: [],
    aborts: [],
    clearings: [],
    clearingGates: [],
    clearingsDone: [],
    deletions: [],
    replies: [],
    assigns: [],
    held: [],
    closing: false,
  };
  h.model.define({ ref: EXPLORED_MODELS.seeing, capabilities: { vision: true } });
  h.model.define({ ref: EXPLORED_MODELS.blind, capabilities: { vision: false } });
  let active = true;
  script(state, () => active);
  const hooked = program.hooks.blockTurns.length + program.hooks.dropInputs.length > 0;
  const disposers = [
    ...(hooked ? addMiddlewares(state) : []),
    ...(replying ? [addReplyMiddleware(state)] : []),
  ];
  for (const op of program.ops) await perform(state, op);
  state.closing = true;
  for (const call of state.held) call.gate.open();
  await h.until(
    () =>
      state.inputs.every((input) => input.settled) &&
      state.clearings.every((call) => call.settled) &&
      state.deletions.every((deletion) => deletion.listened !== undefined) &&
      state.assigns.every((call) => call.settled !== undefined),
    `every input, clearing, deletion and assignModel of the explored program of seed ${program.seed} to settle`,
  );
  await h.settle();
  active = false;
  for (const dispose of disposers) dispose();
  const { inputs, aborts, clearings, deletions, replies, assigns } = state;
  return { program, inputs, aborts, clearings, deletions, replies, assigns };
}
