import type { CaseContext } from '../define-case';
import { createGate } from '../harness/gate';
import type { ModelStep } from '../harness/model-step';
import type { ToolStep } from '../harness/tool-step';
import { addMiddlewares, addPreprocessor, addReplyMiddleware } from './explore-middlewares';
import { EXPLORED_MODELS, perform } from './explore-moves';
import type { ProgramRun } from './explore-observations';
import type { ExploreProgram, ModelPlan, ToolPlan } from './explore-program';
import type { RunState } from './explore-state';
import { session } from './scenario';

/** The tool every explored program's model calls. */
export const EXPLORED_TOOL = 'lookup';

/** What the program's model says alongside the tool calls of its `index`-th answer (0 = the first), in a room. */
export function saidText(program: Pick<ExploreProgram, 'seed'>, index: number): string {
  return `said ${program.seed}.${index + 1}`;
}

function modelStep(plan: ModelPlan, index: number, state: RunState, isActive: () => boolean): ModelStep {
  const match = () => isActive();
  // One text per call, so that a reply a format retry dropped is told from the one that followed.
  const text = `reply ${state.program.seed}.${index + 1}`;
  // Figures of its own per call, so that a reply's tokens tell which calls they sum ([ARC-3]).
  const usage = { promptTokens: 100 + index, completionTokens: 1 + (index % 5) };
  if (plan === 'reply') return { text, match, usage };
  if (plan === 'silent') return { text: '', match, usage };
  if (plan === 'fails') return { throws: 'the model is down', match };
  if (plan === 'tool-call') {
    // In a room the model also says something alongside its tool calls: persisted, never sent ([ARC-5]).
    const said = state.program.replies.length > 0 ? { text: saidText(state.program, index) } : {};
    return { toolCalls: [{ name: EXPLORED_TOOL }], match, usage, ...said };
  }
  const gate = createGate();
  if (plan === 'held-fails') return { waitFor: gate, throws: 'the model went down', match };
  return { waitFor: gate, text, match, usage };
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
    preprocessed: [],
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
    ...(program.preprocess.length > 0 ? [addPreprocessor(state)] : []),
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
  const { inputs, aborts, clearings, deletions, replies, assigns, preprocessed } = state;
  return { program, inputs, aborts, clearings, deletions, replies, assigns, preprocessed };
}
