import { EntryState, type InputEntry } from './input-entry';
import type { SessionState } from './session-state';
import type { Turn, TurnOpener } from './turn';
import type { TurnStop } from './turn-stop';
import { TurnStoppedError } from './turn-stopped-error';

const noInputs: readonly never[] = Object.freeze([]);

/**
 * The scheduler's record of one turn, which is also the `Turn` handed to the body. Its
 * inputs' entries are chained through their `next` links (they left the waiting list), and
 * its abort controller is made on first use of `signal`, so the hot path allocates little.
 */
export class ActiveTurn<TInput, TActor> implements Turn<TInput, TActor> {
  readonly session: SessionState<TInput>;
  readonly turnId: string;
  readonly inputs: TInput[];
  /** The first entry of the turn; the scheduler's own record (the body may change `inputs`). */
  readonly first: InputEntry<TInput>;
  /** How many waiting inputs of the session are pending insertions of this turn [SCH-2]. */
  pendingCount: number;
  stop: TurnStop<TActor> | undefined;
  ended: boolean;
  private controller: AbortController | undefined;

  /** `first` starts a chain of opening entries linked through `next`. */
  constructor(session: SessionState<TInput>, turnId: string, first: InputEntry<TInput>) {
    this.session = session;
    this.turnId = turnId;
    this.first = first;
    this.pendingCount = 0;
    this.stop = undefined;
    this.ended = false;
    this.controller = undefined;
    first.state = EntryState.inTurn;
    const inputs = [first.input];
    for (let entry = first.next; entry !== undefined; entry = entry.next) {
      entry.state = EntryState.inTurn;
      inputs.push(entry.input);
    }
    this.inputs = inputs;
  }

  get sessionId(): string {
    return this.session.sessionId;
  }

  get openedBy(): TurnOpener {
    return this.first.human ? 'human' : 'injection';
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.stop !== undefined) this.controller.abort(this.stoppedError(this.stop));
    }
    return this.controller.signal;
  }

  takePendingInsertions(): readonly TInput[] {
    if (this.pendingCount === 0 || this.ended || this.stop !== undefined) return noInputs;
    this.pendingCount = 0;
    const taken = this.session.takePending();
    let last = this.first;
    while (last.next !== undefined) last = last.next;
    const joined: TInput[] = [];
    for (const entry of taken) {
      entry.state = EntryState.inTurn;
      last.next = entry;
      last = entry;
      this.inputs.push(entry.input);
      joined.push(entry.input);
    }
    this.session.host.insertionsTaken(this.session as SessionState<never>);
    return joined;
  }

  stopInfo(): TurnStop<TActor> | undefined {
    return this.stop;
  }

  /** Stops the turn unless it ended; the first stop wins. */
  stopWith(stop: TurnStop<TActor>): void {
    if (this.ended || this.stop !== undefined) return;
    this.stop = stop;
    this.controller?.abort(this.stoppedError(stop));
  }

  private stoppedError(stop: TurnStop<TActor>): TurnStoppedError {
    return new TurnStoppedError({ sessionId: this.sessionId, turnId: this.turnId, stop });
  }
}
