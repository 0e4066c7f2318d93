import type { CaseContext } from '../define-case';
import type { Gate } from '../harness/gate';
import type { InputRecord } from '../runner/input-record';
import type {
  AbortObservation,
  AssignObservation,
  ClearingObservation,
  DeletionObservation,
  PreprocessObservation,
  ReplyObservation,
} from './explore-observations';
import type { ExploreProgram } from './explore-program';
import { inputContent } from './explore-program';
import { turns } from './scenario';

/** A call, `clear` or middleware an explored program holds until it lets it go. Not public API. */
export interface HeldCall {
  readonly gate: Gate;
  readonly started: () => boolean;
}

/** What a running explored program keeps: its observations and what it holds. Not public API. */
export interface RunState {
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
  readonly preprocessed: PreprocessObservation[];
  readonly held: HeldCall[];
  /** Set once the program's moves are done: what would be held from then on goes at once. */
  closing: boolean;
}

/** What the session looks like once quiet: its running turn and its waiting inputs. */
export function sessionNow(state: RunState) {
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
