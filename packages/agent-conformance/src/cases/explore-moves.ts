import { createGate } from '../harness/gate';
import type { AssignObservation, ClearingObservation, DeletionObservation } from './explore-observations';
import type { ExploreOp } from './explore-program';
import { inputContent } from './explore-program';
import type { RunState } from './explore-state';
import { sessionNow } from './explore-state';
import { sendHuman, sendInjection } from './scenario';

/** The models an explored program assigns: one that sees images, one that does not ([HK-3]). */
export const EXPLORED_MODELS = { seeing: 'conformance/explored-seeing', blind: 'conformance/explored-blind' };

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

/** Makes one move of an explored program. Not public API. */
export async function perform(state: RunState, op: ExploreOp): Promise<void> {
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
