import type { GenerationReader } from './generation-reader';
import { EntryState, type InputEntry } from './input-entry';

/** The generation an input arrived with: a number, a pending read, or none to check. */
export type ArrivalGeneration = number | Promise<number> | undefined;

/** An input waiting for a hold to end, with the generation it arrived with [DEL-2]. */
interface HeldArrival<TInput> {
  readonly entry: InputEntry<TInput>;
  readonly generation: ArrivalGeneration;
}

/** What the gate needs from its scheduler. */
export interface ArrivalHost<TInput> {
  /** Sends an input on: to a hold, a generation check or its session's queue. */
  route(entry: InputEntry<TInput>, generation: ArrivalGeneration): void;
  /** Puts an input in its session's queue, or opens a turn with it. */
  handOver(entry: InputEntry<TInput>): void;
  /** Releases an input whose generation changed [DEL-2]. */
  releaseForGeneration(entry: InputEntry<TInput>): void;
}

/**
 * Inputs on their way to their session's queue: those waiting for a hold to end [CLR-2]
 * and those waiting for an asynchronous generation read [DEL-2]. Held inputs are sent on in
 * arrival order when the hold ends; an input whose read spanned a hold, a deletion or a
 * drain is routed again; drain takes them all at once, without waiting for a read.
 */
export class ArrivalGate<TInput> {
  private held: HeldArrival<TInput>[] = [];
  private readonly reading = new Set<InputEntry<TInput>>();
  // Bumped by holds, deletions and drain: an asynchronous generation read spanning one is redone.
  private disruption = 0;

  constructor(
    private readonly host: ArrivalHost<TInput>,
    private readonly generations: GenerationReader | undefined,
  ) {}

  /** Inputs waiting for a hold. */
  get heldCount(): number {
    return this.held.length;
  }

  /** A hold, deletion or drain began: reads in flight no longer decide on their own. */
  disrupt(): void {
    this.disruption++;
  }

  waitForHold(entry: InputEntry<TInput>, generation: ArrivalGeneration): void {
    // The generation at arrival is what the hand-over after the hold compares against [DEL-2].
    const atArrival = generation ?? this.generations?.read(entry.sessionId);
    this.held.push({ entry, generation: atArrival });
  }

  /** A hold ended: sends the held inputs on, in arrival order [CLR-2]. */
  resumeHeld(): void {
    if (this.held.length === 0) return;
    const arrivals = this.held;
    this.held = [];
    for (const { entry, generation } of arrivals) {
      if (entry.state === EntryState.arriving) this.host.route(entry, generation);
    }
  }

  checkGeneration(entry: InputEntry<TInput>, atArrival: number | Promise<number>): void {
    const now = this.generations!.read(entry.sessionId);
    if (typeof atArrival === 'number' && typeof now === 'number') {
      this.compare(entry, atArrival, now);
      return;
    }
    const disruption = this.disruption;
    this.reading.add(entry);
    void Promise.all([atArrival, now]).then(([arrived, current]) => {
      this.reading.delete(entry);
      if (entry.state !== EntryState.arriving) return;
      if (disruption !== this.disruption) this.host.route(entry, arrived);
      else this.compare(entry, arrived, current);
    });
  }

  /** Takes every input still on its way, held or being read, for drain to release [DRN-1]. */
  takeAll(): InputEntry<TInput>[] {
    const entries = this.held.map((arrival) => arrival.entry);
    entries.push(...this.reading);
    this.held = [];
    this.reading.clear();
    return entries.filter((entry) => entry.state === EntryState.arriving);
  }

  private compare(entry: InputEntry<TInput>, atArrival: number, now: number): void {
    if (atArrival === now) this.host.handOver(entry);
    else this.host.releaseForGeneration(entry);
  }
}
