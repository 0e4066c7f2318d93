/**
 * Where an input is in `handleMessage`: in per-input processing (`agent:input:before`
 * middlewares before `next`), handed to the scheduler (queued or in a turn), or back in the
 * middlewares after its turn (or release) settled it.
 */
export type ArrivalStage = 'processing' | 'handed' | 'after';

/** One `handleMessage` call in progress, stoppable from outside ([LIV-1]). */
export interface Arrival {
  readonly sessionId: string;
  /** The session's generation when `handleMessage` began ([DEL-2]); `undefined` without a session manager. */
  readonly generation: number | undefined;
  readonly stage: ArrivalStage;
  /** Whether the input was stopped. */
  readonly stopped: boolean;
  /** Aborted `stopGraceMs` after the stop (at once when forced): stop waiting for hooks and listeners then. */
  readonly graceSignal: AbortSignal;
  /** Moves the arrival to its next stage. */
  enter(stage: ArrivalStage): void;
}

class TrackedArrival implements Arrival {
  stage: ArrivalStage = 'processing';
  stopped = false;
  // One controller per call: the grace timer starts only when the call is stopped.
  readonly #grace = new AbortController();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly sessionId: string,
    readonly generation: number | undefined,
    readonly graceMs: number,
  ) {}

  get graceSignal(): AbortSignal {
    return this.#grace.signal;
  }

  enter(stage: ArrivalStage): void {
    this.stage = stage;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.#timer = setTimeout(() => this.#grace.abort(), this.graceMs);
  }

  force(): void {
    this.stopped = true;
    this.dispose();
    this.#grace.abort();
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

const stageWords: Readonly<Record<ArrivalStage, string>> = {
  processing: 'in agent:input:before, before next',
  handed: 'handed to the scheduler',
  after: 'in agent:input:before, after its turn',
};

/**
 * The `handleMessage` calls in progress, by session. Stopping acts on the stages given: an
 * input still in per-input processing is dropped by operations that release inputs (abort
 * with `queued`, clearing, deletion, drain); one whose input already settled is let go by
 * any of them and by a plain abort; one handed to the scheduler is the scheduler's to settle.
 */
export class ArrivalRegistry {
  readonly #bySession = new Map<string, Set<TrackedArrival>>();
  readonly #graceMs: number;
  #size = 0;
  #emptyWaiters: (() => void)[] = [];

  constructor(options: { readonly graceMs: number }) {
    this.#graceMs = options.graceMs;
  }

  /** How many `handleMessage` calls are in progress. */
  get size(): number {
    return this.#size;
  }

  /** Tracks a call for `sessionId` that began when the session had `generation`. */
  begin(sessionId: string, generation?: number): Arrival {
    const arrival = new TrackedArrival(sessionId, generation, this.#graceMs);
    const set = this.#bySession.get(sessionId);
    if (set === undefined) this.#bySession.set(sessionId, new Set([arrival]));
    else set.add(arrival);
    this.#size += 1;
    return arrival;
  }

  end(arrival: Arrival): void {
    const tracked = arrival as TrackedArrival;
    tracked.dispose();
    const set = this.#bySession.get(arrival.sessionId);
    if (set === undefined || !set.delete(tracked)) return;
    if (set.size === 0) this.#bySession.delete(arrival.sessionId);
    this.#size -= 1;
    if (this.#size === 0) for (const wake of this.#emptyWaiters.splice(0)) wake();
  }

  /**
   * Stops the arrivals of these sessions (every session when `undefined`) that are in `stages`;
   * with `of`, only those that began in that generation of their session (a deletion stops the
   * deleted generation's inputs, not those of the session starting under the same id, [DEL-2]).
   */
  stop(
    sessionIds: readonly string[] | undefined,
    stages: readonly ArrivalStage[],
    of?: { readonly generation: number },
  ): void {
    for (const arrival of this.#select(sessionIds)) {
      const spared =
        of !== undefined && arrival.generation !== undefined && arrival.generation !== of.generation;
      if (!spared && stages.includes(arrival.stage)) arrival.stop();
    }
  }

  /** Stops every arrival with no grace time left: their hook runs are abandoned at once. */
  forceAll(): void {
    for (const arrival of this.#select(undefined)) arrival.force();
  }

  /** Each call in progress, named for a log line. */
  describe(): string[] {
    return this.#select(undefined).map(
      (arrival) => `handleMessage of session ${arrival.sessionId} (${stageWords[arrival.stage]})`,
    );
  }

  /** Resolves `true` once no call is in progress, or `false` when `timeoutMs` passed first. */
  whenEmpty(timeoutMs: number): Promise<boolean> {
    if (this.#size === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#emptyWaiters = this.#emptyWaiters.filter((waiter) => waiter !== wake);
        resolve(false);
      }, timeoutMs);
      this.#emptyWaiters.push(wake);
    });
  }

  #select(sessionIds: readonly string[] | undefined): TrackedArrival[] {
    const sets =
      sessionIds === undefined
        ? [...this.#bySession.values()]
        : sessionIds.map((id) => this.#bySession.get(id)).filter((set) => set !== undefined);
    return sets.flatMap((set) => [...set]);
  }
}
