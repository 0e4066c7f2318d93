import type { SeededRandom } from './seeded-random';
import { seededRandom } from './seeded-random';

/**
 * What an explored program does, one step at a time, in one session of its own: inputs
 * arrive, the case waits for quiet or lets a held model or tool call go, or stops the turn.
 * Not public API.
 */
export type ExploreOp =
  | { readonly kind: 'human' }
  | { readonly kind: 'injection' }
  /** Waits until nothing happens any more (held calls stay held). */
  | { readonly kind: 'settle' }
  /** Lets the oldest held model or tool call that has started answer. */
  | { readonly kind: 'open' }
  /** `abort(sessionId, { queued })`, after waiting for quiet when `quiet`. */
  | { readonly kind: 'abort'; readonly queued: boolean; readonly quiet: boolean }
  /** After waiting for quiet, `abort` with the id of a turn that is not running ([ABT-2]). */
  | { readonly kind: 'abort-stale' }
  /**
   * `clearing([session], clear)`, after waiting for quiet when `quiet`; a `held` clear waits
   * until the program lets it go, as a held call does (`open`). `clear` erases nothing.
   */
  | { readonly kind: 'clear'; readonly quiet: boolean; readonly held: boolean }
  /**
   * The session is deleted, as the session manager does it: its generation moves on, then
   * `session:deleted` is emitted, after waiting for quiet when `quiet` ([DEL-1]). The session
   * lives on in its new generation: later inputs are its own.
   */
  | { readonly kind: 'delete'; readonly quiet: boolean }
  /**
   * `assignModel(sessionId, model)` of a model that sees images or one that does not, after
   * waiting for quiet when `quiet`; the program goes on without waiting for it ([SET-1]).
   */
  | { readonly kind: 'assign'; readonly quiet: boolean; readonly seeing: boolean };

/** How one model call of the program answers. */
export type ModelPlan = 'reply' | 'held-reply' | 'tool-call' | 'silent' | 'fails' | 'held-fails';

/** How one call of the program's tool answers. */
export type ToolPlan = 'instant' | 'held' | 'fails';

/**
 * What another plugin's middlewares do to the program's session, as the contract lets them:
 * block a turn at `agent:turn:before` ([HK-2]) or drop an input at `agent:input:before` ([HK-1]).
 */
export interface HookPlan {
  /** The turns of the session (1 = its first) whose `agent:turn:before` a middleware blocks. */
  readonly blockTurns: readonly number[];
  /** The inputs of the program (1 = the first sent) an `agent:input:before` middleware drops. */
  readonly dropInputs: readonly number[];
}

/** No middleware of another plugin: the plan of the programs of {@link generateProgram}. */
export const NO_HOOKS: HookPlan = { blockTurns: [], dropInputs: [] };

/**
 * What an `agent:reply:before` middleware of another plugin does with one run of the hook in the
 * program's session ([HK-7]): let the reply go, ask for a format retry (while the agent offers
 * one), ask for one at this and every later attempt of the turn until the retries are used up,
 * or hold the reply until the program lets it go as it does a held call, then let it go or ask
 * for a retry.
 */
export type ReplyPlan = 'pass' | 'retry' | 'exhaust' | 'held' | 'held-retry';

/**
 * What a preprocessor does with one input of the program ([PRE-1]): let it through, rewrite it
 * before `next()`, drop it (no `next()`), or hold it before `next()` until the program lets it go
 * as it does a held call.
 */
export type PreprocessPlan = 'pass' | 'rewrite' | 'drop' | 'held';

/** A generated program: its seed, its session, its steps and how its model and tool answer. */
export interface ExploreProgram {
  readonly seed: number;
  readonly sessionId: string;
  readonly ops: readonly ExploreOp[];
  /** The model calls' answers in order; calls past the list get a reply. */
  readonly model: readonly ModelPlan[];
  /** The tool calls' answers in order; calls past the list answer at once. */
  readonly tool: readonly ToolPlan[];
  /** What other plugins' middlewares do in the session. */
  readonly hooks: HookPlan;
  /**
   * The runs of `agent:reply:before` in the session, in order, when a middleware watches them;
   * runs past the list pass. Empty: no such middleware (a `console` session); otherwise the
   * session is a `room`, where a turn hands out only its last reply ([ARC-5]).
   */
  readonly replies: readonly ReplyPlan[];
  /** What a preprocessor does with each input (1 = the first sent); empty: no preprocessor. */
  readonly preprocess: readonly PreprocessPlan[];
}

/** The content of the program's `index`-th input (1 = the first): unique across programs. */
export function inputContent(program: Pick<ExploreProgram, 'seed'>, index: number): string {
  return `program ${program.seed} input ${index}`;
}

const OP_WEIGHTS: readonly (readonly [ExploreOp['kind'], number])[] = [
  ['human', 30],
  ['injection', 15],
  ['settle', 15],
  ['open', 22],
  ['abort', 13],
  ['abort-stale', 5],
];

const MODEL_WEIGHTS: readonly (readonly [ModelPlan, number])[] = [
  ['reply', 30],
  ['held-reply', 22],
  ['tool-call', 25],
  ['silent', 10],
  ['fails', 8],
];

/** The answers of programs that assign models: a held call may also fail once let go. */
const ASSIGNING_MODEL_WEIGHTS: readonly (readonly [ModelPlan, number])[] = [
  ...MODEL_WEIGHTS,
  ['held-fails', 12],
];

const TOOL_WEIGHTS: readonly (readonly [ToolPlan, number])[] = [
  ['instant', 45],
  ['held', 40],
  ['fails', 15],
];

const REPLY_WEIGHTS: readonly (readonly [ReplyPlan, number])[] = [
  ['pass', 30],
  ['retry', 30],
  ['exhaust', 14],
  ['held', 16],
  ['held-retry', 16],
];

/** The moves of programs with clearings: those of the plain programs and `clear`. */
const CLEARING_OP_WEIGHTS: readonly (readonly [ExploreOp['kind'], number])[] = [...OP_WEIGHTS, ['clear', 14]];

/** The moves of programs with model assignments: those of the plain programs and `assign`. */
const ASSIGNING_OP_WEIGHTS: readonly (readonly [ExploreOp['kind'], number])[] = [
  ...OP_WEIGHTS,
  ['assign', 24],
];

const PREPROCESS_WEIGHTS: readonly (readonly [PreprocessPlan, number])[] = [
  ['pass', 25],
  ['rewrite', 30],
  ['drop', 15],
  ['held', 30],
];

/** The moves of programs with a preprocessor or every kind of stop: the plain ones, `clear` and `delete`. */
const ALL_STOPS_OP_WEIGHTS: readonly (readonly [ExploreOp['kind'], number])[] = [
  ...OP_WEIGHTS,
  ['clear', 10],
  ['delete', 8],
];

/** The moves of programs with deletions: those of the plain programs and `delete`. */
const DELETION_OP_WEIGHTS: readonly (readonly [ExploreOp['kind'], number])[] = [
  ...OP_WEIGHTS,
  ['delete', 14],
];

function generateOp(random: SeededRandom, weights: typeof OP_WEIGHTS): ExploreOp {
  const kind = random.weighted(weights);
  if (kind === 'abort') return { kind, queued: random.chance(0.5), quiet: random.chance(0.6) };
  if (kind === 'clear') return { kind, quiet: random.chance(0.5), held: random.chance(0.6) };
  if (kind === 'delete') return { kind, quiet: random.chance(0.5) };
  if (kind === 'assign') return { kind, quiet: random.chance(0.5), seeing: random.chance(0.5) };
  return { kind } as ExploreOp;
}

/**
 * Puts, after some of the program's moves of the meeting kinds, a second one at once — an abort,
 * a clearing or a deletion while the first one's turn still winds down, a second assignment
 * before the first resolved — from the program's own random stream, after its moves and answers
 * are drawn.
 */
function addMeetings(
  ops: ExploreOp[],
  draw: { readonly random: SeededRandom; readonly weights: typeof OP_WEIGHTS },
): void {
  for (let index = ops.length - 1; index > 0; index -= 1) {
    const kind = ops[index]?.kind;
    if (kind === undefined || !draw.weights.some(([meeting]) => meeting === kind) || !draw.random.chance(0.5))
      continue;
    const second = generateOp(draw.random, draw.weights) as Extract<ExploreOp, { quiet: boolean }>;
    ops.splice(index + 1, 0, { ...second, quiet: false });
  }
}

/** The program of `seed`: the same seed gives the same program everywhere. */
export function generateProgram(seed: number): ExploreProgram {
  return generate(seed, OP_WEIGHTS);
}

/** The stops a program can make: in the programs where stops meet, one may follow another at once. */
const STOP_KINDS: readonly ExploreOp['kind'][] = ['abort', 'clear', 'delete'];

/** How a family of programs draws beyond its moves' weights. */
interface Drawing {
  /** The moves one of which may follow another of them at once (none: no such meetings). */
  readonly meeting?: readonly ExploreOp['kind'][];
  readonly model?: typeof MODEL_WEIGHTS;
}

function generate(seed: number, weights: typeof OP_WEIGHTS, drawing: Drawing = {}): ExploreProgram {
  const random = seededRandom(seed);
  const first: ExploreOp = { kind: random.chance(0.7) ? 'human' : 'injection' };
  const ops = [first, ...Array.from({ length: random.between(4, 9) }, () => generateOp(random, weights))];
  const inputs = ops.filter((op) => op.kind === 'human' || op.kind === 'injection').length;
  const model = Array.from({ length: 2 * inputs + 4 }, () => random.weighted(drawing.model ?? MODEL_WEIGHTS));
  const tool = Array.from({ length: inputs + 4 }, () => random.weighted(TOOL_WEIGHTS));
  const meeting = drawing.meeting ?? [];
  if (meeting.length > 0)
    addMeetings(ops, { random, weights: weights.filter(([kind]) => meeting.includes(kind)) });
  return {
    seed,
    sessionId: `explored-${seed}`,
    ops,
    model,
    tool,
    hooks: NO_HOOKS,
    replies: [],
    preprocess: [],
  };
}

/**
 * The program of `seed` with middlewares of another plugin in its session: one or two turns
 * blocked at `agent:turn:before`, an input dropped at `agent:input:before`, or both. Its moves
 * and answers are those of {@link generateProgram} for the same seed.
 */
export function generateHookedProgram(seed: number): ExploreProgram {
  const program = generateProgram(seed);
  return { ...program, hooks: hookPlan(program) };
}

/** The hook plan of {@link generateHookedProgram} for `program`'s seed and inputs. */
function hookPlan(program: ExploreProgram): HookPlan {
  // A stream of its own, so that the moves stay those of the program.
  const random = seededRandom(program.seed ^ 0x5bd1e995);
  const inputs = program.ops.filter((op) => op.kind === 'human' || op.kind === 'injection').length;
  const blockTurns = random.chance(0.75) ? [random.between(1, 3)] : [];
  if (blockTurns.length > 0 && random.chance(0.3))
    blockTurns.push((blockTurns[0] ?? 1) + random.between(1, 2));
  const dropInputs = blockTurns.length === 0 || random.chance(0.5) ? [random.between(1, inputs)] : [];
  return { blockTurns, dropInputs };
}

/**
 * The program of `seed` whose moves also clear the session's history: `clearing` at once or after
 * quiet, with a `clear` that returns at once or is held while inputs arrive ([CLR-1], [CLR-2]).
 */
export function generateClearingProgram(seed: number): ExploreProgram {
  return generate(seed, CLEARING_OP_WEIGHTS);
}

/**
 * The program of `seed` whose moves also delete the session: its generation moves on and
 * `session:deleted` is emitted, at once or after quiet, while turns run and inputs wait or
 * arrive ([DEL-1]–[DEL-3]).
 */
export function generateDeletionProgram(seed: number): ExploreProgram {
  return generate(seed, DELETION_OP_WEIGHTS, { meeting: STOP_KINDS });
}

/**
 * The program of `seed` whose moves also assign the session a model — one that sees images or
 * one that does not — at once or after quiet, while turns run and calls are held ([SET-1], [HK-3]).
 */
export function generateAssigningProgram(seed: number): ExploreProgram {
  return generate(seed, ASSIGNING_OP_WEIGHTS, {
    meeting: ['assign', 'abort'],
    model: ASSIGNING_MODEL_WEIGHTS,
  });
}

/**
 * The program of `seed` in a `room` session with an `agent:reply:before` middleware of another
 * plugin that lets replies go, asks for format retries or holds replies while the program moves
 * on ([HK-7], [ARC-5]). Its moves and answers are those of {@link generateProgram} for the seed.
 */
export function generateReplyProgram(seed: number): ExploreProgram {
  const program = generateProgram(seed);
  // A stream of its own, so that the moves stay those of the plain program.
  const random = seededRandom(seed ^ 0x27d4eb2f);
  const inputs = program.ops.filter((op) => op.kind === 'human' || op.kind === 'injection').length;
  return { ...program, replies: Array.from({ length: inputs + 2 }, () => random.weighted(REPLY_WEIGHTS)) };
}

/**
 * The program of `seed` whose inputs pass a preprocessor that lets them through, rewrites them,
 * drops them or holds them before `next()`, while the moves stop turns, clear and delete the
 * session ([PRE-1]). Needs an agent with preprocessors.
 */
export function generatePreprocessedProgram(seed: number): ExploreProgram {
  const program = generate(seed, ALL_STOPS_OP_WEIGHTS, { meeting: STOP_KINDS });
  // A stream of its own, so that the moves stay those of the seed's generator.
  const random = seededRandom(seed ^ 0x165667b1);
  const inputs = program.ops.filter((op) => op.kind === 'human' || op.kind === 'injection').length;
  return {
    ...program,
    preprocess: Array.from({ length: inputs }, () => random.weighted(PREPROCESS_WEIGHTS)),
  };
}

/**
 * The program of `seed` whose moves take every kind of stop — `abort`, `clearing`, deletion —
 * with another plugin's middlewares blocking turns and dropping inputs: every way an input can
 * end, for the rule that each gets one stream end ([OUT-3]).
 */
export function generateEveryEndProgram(seed: number): ExploreProgram {
  const program = generate(seed, ALL_STOPS_OP_WEIGHTS, { meeting: STOP_KINDS });
  return { ...program, hooks: hookPlan(program) };
}

function describeOp(op: ExploreOp): string {
  const when = (quiet: boolean) => (quiet ? 'after quiet' : 'at once');
  if (op.kind === 'abort')
    return `abort(${[op.queued ? 'queued' : '', when(op.quiet)].filter(Boolean).join(', ')})`;
  if (op.kind === 'clear')
    return `clear(${[op.held ? 'held' : '', when(op.quiet)].filter(Boolean).join(', ')})`;
  if (op.kind === 'delete') return `delete(${when(op.quiet)})`;
  if (op.kind === 'assign') return `assign(${op.seeing ? 'seeing' : 'blind'}, ${when(op.quiet)})`;
  return op.kind;
}

/** The program in a line, for a failure message: `seed 7: human, settle, abort(queued) …`. */
export function describeProgram(program: ExploreProgram): string {
  const ops = program.ops.map(describeOp);
  const { blockTurns, dropInputs } = program.hooks;
  const hooks = [
    blockTurns.length > 0 ? `; agent:turn:before blocks turn(s) ${blockTurns.join(', ')}` : '',
    dropInputs.length > 0 ? `; agent:input:before drops input(s) ${dropInputs.join(', ')}` : '',
    program.replies.length > 0 ? `; agent:reply:before runs ${program.replies.join(', ')} (room)` : '',
    program.preprocess.length > 0 ? `; the preprocessor ${program.preprocess.join(', ')}` : '',
  ].join('');
  return `seed ${program.seed}: ${ops.join(', ')}; model answers ${program.model.join(', ')}; tool answers ${program.tool.join(', ')}${hooks}`;
}
