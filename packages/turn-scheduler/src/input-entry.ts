import type { SubmitOutcome } from './submit-outcome';

/** Where an input is in its life; it only moves forward (waiting ⇄ pending aside). */
export const EntryState = {
  /** Submitted, not yet handed to its session's queue (hold or generation check). */
  arriving: 0,
  /** In its session's waiting list, queued. */
  waiting: 1,
  /** In its session's waiting list as a pending insertion of the running turn [SCH-2]. */
  pending: 2,
  /** In a turn (opening or joined). */
  inTurn: 3,
  /** Released; its release is being delivered. */
  releasing: 4,
  /** Its submit promise has resolved. */
  settled: 5,
} as const;

/**
 * One submitted input and the bookkeeping the scheduler keeps for it. Kept small: every
 * waiting input holds one. `next` links the session's waiting list while the input waits,
 * and the turn's inputs once it is in a turn.
 */
export class InputEntry<TInput> {
  readonly input: TInput;
  readonly sessionId: string;
  readonly human: boolean;
  /** Handed in from inside a running turn: a turn it opens needs no slot [LIV-4]. */
  readonly nested: boolean;
  readonly resolve: (outcome: SubmitOutcome) => void;
  state: number;
  next: InputEntry<TInput> | undefined;

  // Plain assignments in one constructor keep every entry on one hidden class.
  constructor(
    input: TInput,
    sessionId: string,
    human: boolean,
    nested: boolean,
    resolve: (outcome: SubmitOutcome) => void,
  ) {
    this.input = input;
    this.sessionId = sessionId;
    this.human = human;
    this.nested = nested;
    this.resolve = resolve;
    this.state = EntryState.arriving;
    this.next = undefined;
  }
}
