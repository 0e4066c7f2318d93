import { ActiveTurn } from './active-turn';
import { GenerationReadError } from './generation-read-error';
import { HoldRegistry } from './hold-registry';
import { EntryState, InputEntry } from './input-entry';
import { QueueListenerError } from './queue-listener-error';
import { ReleaseCallbackError } from './release-callback-error';
import { releaseOutcome } from './release-outcome';
import type { ReleasedInput } from './released-input';
import { type ReleaseBatch, type SessionHost, SessionState } from './session-state';
import type { ReleaseReason, SubmitOutcome } from './submit-outcome';
import { TurnBodyError } from './turn-body-error';
import type {
  AbortOptions,
  RunningTurnInfo,
  StopOptions,
  SubmitOptions,
  TurnScheduler,
  TurnSchedulerStats,
} from './turn-scheduler';
import type { TurnSchedulerError } from './turn-scheduler-error';
import type { TurnSchedulerOptions } from './turn-scheduler-options';
import type { TurnStop, TurnStopKind } from './turn-stop';

/** The callbacks of {@link TurnSchedulerOptions}, defaults filled in. */
export type ResolvedSchedulerOptions<TInput, TActor> = Required<
  Pick<
    TurnSchedulerOptions<TInput, TActor>,
    'sessionOf' | 'isInjection' | 'runTurn' | 'onError' | 'createTurnId'
  >
> &
  Pick<TurnSchedulerOptions<TInput, TActor>, 'generationOf' | 'onRelease' | 'onQueue'>;

type Resolve = (outcome: SubmitOutcome) => void;

/** The generation an input arrived with: a number, a pending read, or none to check. */
type ArrivalGeneration = number | Promise<number> | undefined;

/** An input waiting for a hold to end, with the generation it arrived with [DEL-2]. */
interface HeldArrival<TInput> {
  readonly entry: InputEntry<TInput>;
  readonly generation: ArrivalGeneration;
}

// Captures a promise's resolver without allocating an executor closure per submit.
let capturedResolve: Resolve | undefined;
function captureResolve(resolve: Resolve): void {
  capturedResolve = resolve;
}

/**
 * The scheduler's state machine. Every input moves arriving → waiting → in a turn, or to
 * released, and settles exactly once. Per session at most one turn runs; no turn opens
 * while a hold covers the session, while releases of the session are being delivered, or
 * after drain began.
 */
export class SchedulerCore<TInput, TActor> implements TurnScheduler<TInput, TActor>, SessionHost {
  private readonly sessions = new Map<string, SessionState<TInput>>();
  private readonly holds = new HoldRegistry();
  private heldArrivals: HeldArrival<TInput>[] = [];
  private unsettled = 0;
  private settledWaiters: (() => void)[] | undefined = undefined;
  private draining = false;
  // Bumped by holds, deletions and drain: an asynchronous generation read spanning one is redone.
  private disruption = 0;

  constructor(private readonly options: ResolvedSchedulerOptions<TInput, TActor>) {}

  submit(input: TInput, options?: SubmitOptions): Promise<SubmitOutcome> {
    const sessionId = this.options.sessionOf(input);
    if (typeof sessionId !== 'string') throw new TypeError('sessionOf must return a string');
    const generation = options?.generation;
    if (generation !== undefined) this.assertGenerationOption(generation);
    const human = !this.options.isInjection(input);
    const promise = new Promise<SubmitOutcome>(captureResolve);
    const entry = new InputEntry(input, sessionId, human, capturedResolve!);
    this.unsettled++;
    this.route(entry, generation);
    return promise;
  }

  abort(sessionId: string, options: AbortOptions<TActor> = {}): boolean {
    assertSessionId(sessionId);
    const session = this.sessions.get(sessionId);
    const turn = session?.running;
    if (options.turnId !== undefined && turn?.turnId !== options.turnId) return false;
    turn?.stopWith(stopRecord<TActor>('abort', options.reason, options.by));
    if (session !== undefined && options.queued === true) this.releaseWaiting(session, 'abort', true);
    return turn !== undefined;
  }

  async clearing(
    sessionIds: readonly string[] | undefined,
    cleanup: () => unknown,
    options: StopOptions = {},
  ): Promise<void> {
    if (sessionIds !== undefined) for (const id of sessionIds) assertSessionId(id);
    if (typeof cleanup !== 'function') throw new TypeError('clearing needs a cleanup function');
    const hold = this.holds.add(sessionIds);
    this.disruption++;
    try {
      const sessions = this.sessionsIn(sessionIds);
      await this.quiesce(sessions, stopRecord<TActor>('clearing', options.reason), 'clearing');
      await cleanup();
    } finally {
      this.holds.remove(hold);
      this.resumeHeldArrivals();
    }
  }

  deleteSession(sessionId: string): Promise<void> {
    assertSessionId(sessionId);
    this.disruption++;
    const session = this.sessions.get(sessionId);
    if (session === undefined) return Promise.resolve();
    return this.quiesce([session], stopRecord<TActor>('deleted'), 'deleted');
  }

  drain(options: StopOptions = {}): Promise<void> {
    this.draining = true;
    this.disruption++;
    const stop = stopRecord<TActor>('drain', options.reason);
    for (const session of [...this.sessions.values()]) {
      session.running?.stopWith(stop);
      this.releaseWaiting(session, 'drain', true);
    }
    const arrivals = this.heldArrivals;
    this.heldArrivals = [];
    for (const { entry } of arrivals) {
      if (entry.state === EntryState.arriving) this.releaseAlone(entry, 'drain', false);
    }
    return this.whenAllSettled();
  }

  isHeld(sessionId: string): boolean {
    return this.holds.covers(sessionId);
  }

  runningTurn(sessionId: string): RunningTurnInfo | undefined {
    const turn = this.sessions.get(sessionId)?.running;
    if (turn === undefined) return undefined;
    return { turnId: turn.turnId, openedBy: turn.openedBy, stopped: turn.stop !== undefined };
  }

  waiting(sessionId: string): readonly TInput[] {
    return this.sessions.get(sessionId)?.waitingInputs() ?? [];
  }

  stats(): TurnSchedulerStats {
    return {
      sessions: this.sessions.size,
      unsettled: this.unsettled,
      holds: this.holds.size,
      heldInputs: this.heldArrivals.length,
    };
  }

  insertionsTaken(session: SessionState<never>): void {
    this.emitQueue(session);
  }

  // ── arrival: hold, generation, hand-over ─────────────────────────────────────────────

  private route(entry: InputEntry<TInput>, generation: ArrivalGeneration): void {
    if (this.draining) this.releaseAlone(entry, 'drain', false);
    else if (this.holds.covers(entry.sessionId)) this.waitForHold(entry, generation);
    else if (generation !== undefined) this.checkGeneration(entry, generation);
    else this.handOver(entry);
  }

  private waitForHold(entry: InputEntry<TInput>, generation: ArrivalGeneration): void {
    // The generation at arrival is what the hand-over after the hold compares against [DEL-2].
    if (generation === undefined && this.options.generationOf !== undefined) {
      this.heldArrivals.push({ entry, generation: this.readGeneration(entry.sessionId) });
    } else {
      this.heldArrivals.push({ entry, generation });
    }
  }

  private resumeHeldArrivals(): void {
    if (this.heldArrivals.length === 0) return;
    const arrivals = this.heldArrivals;
    this.heldArrivals = [];
    for (const { entry, generation } of arrivals) {
      if (entry.state === EntryState.arriving) this.route(entry, generation);
    }
  }

  private checkGeneration(entry: InputEntry<TInput>, atArrival: number | Promise<number>): void {
    const now = this.readGeneration(entry.sessionId);
    if (typeof atArrival === 'number' && typeof now === 'number') {
      this.compareGenerations(entry, atArrival, now);
      return;
    }
    const disruption = this.disruption;
    void Promise.all([atArrival, now]).then(([arrived, current]) => {
      if (entry.state !== EntryState.arriving) return;
      if (disruption !== this.disruption) this.route(entry, arrived);
      else this.compareGenerations(entry, arrived, current);
    });
  }

  private compareGenerations(entry: InputEntry<TInput>, atArrival: number, now: number): void {
    if (atArrival === now) this.handOver(entry);
    else this.releaseAlone(entry, 'generation', false);
  }

  private readGeneration(sessionId: string): number | Promise<number> {
    try {
      const value = this.options.generationOf!(sessionId);
      if (typeof value === 'number') return value;
      return Promise.resolve(value).then(
        (resolved) => this.validGeneration(sessionId, resolved),
        (error: unknown) => this.failedGeneration(sessionId, error),
      );
    } catch (error) {
      return this.failedGeneration(sessionId, error);
    }
  }

  private validGeneration(sessionId: string, value: unknown): number {
    if (typeof value === 'number') return value;
    return this.failedGeneration(sessionId, new TypeError(`generationOf gave ${typeof value}, not a number`));
  }

  // A generation that cannot be read counts as changed: NaN equals nothing.
  private failedGeneration(sessionId: string, cause: unknown): number {
    this.report(new GenerationReadError({ sessionId, cause }));
    return Number.NaN;
  }

  private handOver(entry: InputEntry<TInput>): void {
    const session = this.sessionFor(entry.sessionId);
    if (session.running === undefined && session.deliveries === 0 && session.head === undefined) {
      this.startBody(this.createTurn(session, entry));
      return;
    }
    session.append(entry);
    const turn = session.running;
    if (turn !== undefined && entry.human && turn.openedBy === 'human') {
      entry.state = EntryState.pending;
      turn.pendingCount++;
    } else {
      entry.state = EntryState.waiting;
    }
    this.emitQueue(session);
    this.openNext(session);
  }

  private sessionFor(sessionId: string): SessionState<TInput> {
    let session = this.sessions.get(sessionId);
    if (session === undefined) {
      session = new SessionState<TInput>(sessionId, this);
      this.sessions.set(sessionId, session);
    }
    return session;
  }

  // ── turns ─────────────────────────────────────────────────────────────────────────────

  private openNext(session: SessionState<TInput>): void {
    if (session.head === undefined || session.running !== undefined || session.deliveries > 0) return;
    if (this.draining || this.holds.covers(session.sessionId)) return;
    const turn = this.createTurn(session, session.takeOpening());
    this.emitQueue(session);
    this.startBody(turn);
  }

  private createTurn(session: SessionState<TInput>, first: InputEntry<TInput>): ActiveTurn<TInput, TActor> {
    const turn = new ActiveTurn<TInput, TActor>(session, this.options.createTurnId(), first);
    session.running = turn as ActiveTurn<TInput, unknown>;
    return turn;
  }

  private startBody(turn: ActiveTurn<TInput, TActor>): void {
    let result: unknown;
    try {
      result = this.options.runTurn(turn);
    } catch (error) {
      result = Promise.reject(error);
    }
    const session = turn.session;
    // One turn runs per session at a time, so the session's handlers know which turn ended.
    if (session.bodySettled === undefined || session.bodyFailed === undefined) {
      session.bodySettled = () => this.endTurn(session.running!, false, undefined);
      session.bodyFailed = (error: unknown) => this.endTurn(session.running!, true, error);
    }
    Promise.resolve(result).then(session.bodySettled, session.bodyFailed);
  }

  private endTurn(turn: ActiveTurn<TInput, unknown>, failed: boolean, error: unknown): void {
    turn.ended = true;
    const session = turn.session;
    session.running = undefined;
    // Leftover pending insertions stay where they were enqueued and open a later turn [SCH-3].
    if (turn.pendingCount > 0) {
      session.unmarkPending();
      turn.pendingCount = 0;
    }
    const outcome: SubmitOutcome = { status: 'turn', turnId: turn.turnId };
    for (let entry = turn.first as InputEntry<TInput> | undefined; entry !== undefined; entry = entry.next) {
      this.settle(entry, outcome);
    }
    if (failed) {
      this.report(new TurnBodyError({ sessionId: session.sessionId, turnId: turn.turnId, cause: error }));
    }
    const deferred = session.deferred;
    if (deferred !== undefined) {
      session.deferred = undefined;
      session.deliveries += deferred.length;
      for (const batch of deferred) this.deliver(batch, session);
    }
    this.afterActivity(session);
  }

  private afterActivity(session: SessionState<TInput>): void {
    const waiters = session.quietWaiters;
    if (waiters !== undefined && session.isQuiet()) {
      session.quietWaiters = undefined;
      for (const wake of waiters) wake();
    }
    this.openNext(session);
    if (session.isIdle() && this.sessions.get(session.sessionId) === session) {
      this.sessions.delete(session.sessionId);
    }
  }

  // ── stopping and releasing ────────────────────────────────────────────────────────────

  private sessionsIn(sessionIds: readonly string[] | undefined): SessionState<TInput>[] {
    if (sessionIds === undefined) return [...this.sessions.values()];
    const sessions: SessionState<TInput>[] = [];
    for (const id of new Set(sessionIds)) {
      const session = this.sessions.get(id);
      if (session !== undefined) sessions.push(session);
    }
    return sessions;
  }

  /** Stops the sessions' turns, releases their waiting inputs unarchived, waits for quiet. */
  private quiesce(
    sessions: SessionState<TInput>[],
    stop: TurnStop<TActor>,
    reason: ReleaseReason,
  ): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const session of sessions) {
      session.running?.stopWith(stop);
      this.releaseWaiting(session, reason, false);
      if (!session.isQuiet()) waits.push(this.whenQuiet(session));
    }
    return waits.length === 0 ? Promise.resolve() : Promise.all(waits).then(ignore);
  }

  private whenQuiet(session: SessionState<TInput>): Promise<void> {
    return new Promise<void>((resolve) => {
      if (session.quietWaiters === undefined) session.quietWaiters = [resolve];
      else session.quietWaiters.push(resolve);
    });
  }

  private releaseWaiting(session: SessionState<TInput>, reason: ReleaseReason, archive: boolean): void {
    if (session.head === undefined) return;
    const entries = session.takeAll();
    for (const entry of entries) entry.state = EntryState.releasing;
    if (session.running !== undefined) session.running.pendingCount = 0;
    const batch: ReleaseBatch<TInput> = { sessionId: session.sessionId, entries, reason, archive };
    // Archived releases wait for the running turn, so history keeps its order [ABT-3].
    const later = archive && session.running !== undefined;
    if (!later) session.deliveries++;
    else if (session.deferred === undefined) session.deferred = [batch];
    else session.deferred.push(batch);
    this.emitQueue(session);
    if (!later) this.deliver(batch, session);
  }

  private releaseAlone(entry: InputEntry<TInput>, reason: ReleaseReason, archive: boolean): void {
    entry.state = EntryState.releasing;
    this.deliver({ sessionId: entry.sessionId, entries: [entry], reason, archive }, undefined);
  }

  private deliver(batch: ReleaseBatch<TInput>, session: SessionState<TInput> | undefined): void {
    const onRelease = this.options.onRelease;
    let result: unknown;
    if (onRelease !== undefined) {
      try {
        result = onRelease(batch.entries.map((entry) => releasedInput(batch, entry)));
      } catch (error) {
        this.report(new ReleaseCallbackError({ sessionId: batch.sessionId, cause: error }));
      }
    }
    if (!isThenable(result)) {
      this.delivered(batch, session);
      return;
    }
    result.then(
      () => this.delivered(batch, session),
      (error: unknown) => {
        this.report(new ReleaseCallbackError({ sessionId: batch.sessionId, cause: error }));
        this.delivered(batch, session);
      },
    );
  }

  private delivered(batch: ReleaseBatch<TInput>, session: SessionState<TInput> | undefined): void {
    const outcome = releaseOutcome(batch.reason, batch.archive);
    for (const entry of batch.entries) this.settle(entry, outcome);
    if (session === undefined) return;
    session.deliveries--;
    this.afterActivity(session);
  }

  // ── settling and reporting ────────────────────────────────────────────────────────────

  private settle(entry: InputEntry<TInput>, outcome: SubmitOutcome): void {
    if (entry.state === EntryState.settled) return;
    entry.state = EntryState.settled;
    entry.resolve(outcome);
    if (--this.unsettled === 0 && this.settledWaiters !== undefined) {
      const waiters = this.settledWaiters;
      this.settledWaiters = undefined;
      for (const wake of waiters) wake();
    }
  }

  private whenAllSettled(): Promise<void> {
    if (this.unsettled === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      if (this.settledWaiters === undefined) this.settledWaiters = [resolve];
      else this.settledWaiters.push(resolve);
    });
  }

  private emitQueue(session: SessionState<TInput>): void {
    const listener = this.options.onQueue;
    if (listener === undefined) return;
    try {
      listener({ sessionId: session.sessionId, waiting: session.waitingInputs() });
    } catch (error) {
      this.report(new QueueListenerError({ sessionId: session.sessionId, cause: error }));
    }
  }

  private report(error: TurnSchedulerError): void {
    try {
      this.options.onError(error);
    } catch {
      // An error reporter that throws has nowhere left to report to.
    }
  }

  private assertGenerationOption(generation: unknown): void {
    if (typeof generation !== 'number') throw new TypeError('submit: generation must be a number');
    if (this.options.generationOf === undefined) {
      throw new TypeError('submit: a generation needs the generationOf option');
    }
  }
}

function releasedInput<TInput>(
  batch: ReleaseBatch<TInput>,
  entry: InputEntry<TInput>,
): ReleasedInput<TInput> {
  return { input: entry.input, sessionId: batch.sessionId, reason: batch.reason, archive: batch.archive };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function assertSessionId(sessionId: unknown): void {
  if (typeof sessionId !== 'string') throw new TypeError('a session id must be a string');
}

function ignore(): void {}

/** A stop record with only the keys that have values, frozen since the body may keep it. */
function stopRecord<TActor>(kind: TurnStopKind, reason?: string, by?: TActor): TurnStop<TActor> {
  const stop: { kind: TurnStopKind; reason?: string; by?: TActor } = { kind };
  if (reason !== undefined) stop.reason = reason;
  if (by !== undefined) stop.by = by;
  return Object.freeze(stop);
}
