import type { InputRecord } from '../runner/input-record';
import type { ExploreProgram, PreprocessPlan, ReplyPlan } from './explore-program';

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
  readonly maxRetries: number;
  /** The turn the run was about. */
  readonly turnId: string;
  /** Whether the middleware asked for a format retry (the agent offered one). */
  readonly retried: boolean;
}

/** One run of the program's preprocessor: the input it saw, what it did, and when `next()` returned. */
export interface PreprocessObservation {
  /** The input's number in the program (1 = the first sent). */
  readonly index: number;
  /** The input's content as the preprocessor received it. */
  readonly content: string;
  readonly plan: PreprocessPlan;
  /** The activity number when the preprocessor began. */
  readonly seq: number;
  /** The activity number when `next()` returned; `undefined` until then, and for a drop. */
  returned: number | undefined;
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
  readonly preprocessed: readonly PreprocessObservation[];
}
