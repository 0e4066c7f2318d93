import type { ActiveTurn } from './active-turn';
import { EntryState, type InputEntry } from './input-entry';
import type { ReleaseBatch } from './release-batch';
import type { SlotLineMember } from './turn-admission';

/** What a session needs from its scheduler. */
export interface SessionHost {
  /** Tells the scheduler that pending insertions left the waiting list. */
  insertionsTaken(session: SessionState<never>): void;
}

/**
 * What the scheduler keeps for one session while it has anything running, waiting or
 * being released; dropped as soon as it is idle. The waiting list is a linked list in
 * enqueue order, so enqueueing and opening never shift arrays.
 */
export class SessionState<TInput> implements SlotLineMember<SessionState<TInput>> {
  readonly sessionId: string;
  readonly host: SessionHost;
  head: InputEntry<TInput> | undefined;
  tail: InputEntry<TInput> | undefined;
  running: ActiveTurn<TInput, unknown> | undefined;
  /** Release batches handed to `onRelease` and not finished; no turn opens meanwhile. */
  deliveries: number;
  /** Batches to archive once the running turn settled [ABT-3]. */
  deferred: ReleaseBatch<TInput>[] | undefined;
  /** Resolved once nothing runs and nothing is being released. */
  quietWaiters: (() => void)[] | undefined;
  /** End the running turn when its body settles; made once per session, not per turn. */
  bodySettled: ((value: unknown) => void) | undefined;
  bodyFailed: ((error: unknown) => void) | undefined;
  /** In the line for a slot under `maxRunningTurns` [LIV-4], with its neighbours there. */
  waitingForSlot: boolean;
  lineNext: SessionState<TInput> | undefined;
  linePrevious: SessionState<TInput> | undefined;

  constructor(sessionId: string, host: SessionHost) {
    this.sessionId = sessionId;
    this.host = host;
    this.head = undefined;
    this.tail = undefined;
    this.running = undefined;
    this.deliveries = 0;
    this.deferred = undefined;
    this.quietWaiters = undefined;
    this.bodySettled = undefined;
    this.bodyFailed = undefined;
    this.waitingForSlot = false;
    this.lineNext = undefined;
    this.linePrevious = undefined;
  }

  append(entry: InputEntry<TInput>): void {
    entry.next = undefined;
    if (this.tail === undefined) this.head = entry;
    else this.tail.next = entry;
    this.tail = entry;
  }

  /**
   * Unlinks the head and, when it is human, every human input directly behind it [SCH-6];
   * returns the first of them, still chained to the others through `next`.
   */
  takeOpening(): InputEntry<TInput> {
    const first = this.head!;
    let last = first;
    if (first.human) while (last.next?.human) last = last.next;
    this.head = last.next;
    if (this.head === undefined) this.tail = undefined;
    last.next = undefined;
    return first;
  }

  /** Unlinks the pending insertions and returns them in enqueue order. */
  takePending(): InputEntry<TInput>[] {
    const taken: InputEntry<TInput>[] = [];
    let previous: InputEntry<TInput> | undefined;
    for (let entry = this.head; entry !== undefined; entry = entry.next) {
      if (entry.state !== EntryState.pending) {
        previous = entry;
        continue;
      }
      if (previous === undefined) this.head = entry.next;
      else previous.next = entry.next;
      if (this.tail === entry) this.tail = previous;
      taken.push(entry);
    }
    for (const entry of taken) entry.next = undefined;
    return taken;
  }

  /** Turns the pending insertions of an ended turn into queued inputs, where they stand [SCH-3]. */
  unmarkPending(): void {
    for (let entry = this.head; entry !== undefined; entry = entry.next) {
      if (entry.state === EntryState.pending) entry.state = EntryState.waiting;
    }
  }

  /** Empties the waiting list and returns its entries in enqueue order. */
  takeAll(): InputEntry<TInput>[] {
    const entries: InputEntry<TInput>[] = [];
    for (let entry = this.head; entry !== undefined; ) {
      const next = entry.next;
      entry.next = undefined;
      entries.push(entry);
      entry = next;
    }
    this.head = undefined;
    this.tail = undefined;
    return entries;
  }

  waitingInputs(): TInput[] {
    const inputs: TInput[] = [];
    for (let entry = this.head; entry !== undefined; entry = entry.next) inputs.push(entry.input);
    return inputs;
  }

  isQuiet(): boolean {
    return this.running === undefined && this.deliveries === 0;
  }

  isIdle(): boolean {
    return (
      this.isQuiet() &&
      this.head === undefined &&
      this.deferred === undefined &&
      this.quietWaiters === undefined
    );
  }
}
