import { ActiveTurn } from './active-turn';
import { assertNestedFlag, assertSessionId, drainDeadline } from './argument-checks';
import { ArrivalGate, type ArrivalGeneration } from './arrival-gate';
import { collectAbandonedWork } from './collect-abandoned-work';
import type { DrainReport } from './drain-report';
import { GenerationReader } from './generation-reader';
import { HoldRegistry } from './hold-registry';
import { EntryState, InputEntry } from './input-entry';
import { QueueListenerError } from './queue-listener-error';
import type { ReleaseBatch } from './release-batch';
import { ReleaseDelivery } from './release-delivery';
import { releaseOutcome } from './release-outcome';
import { type SessionHost, SessionState } from './session-state';
import { SettleTracker } from './settle-tracker';
import { stopRecord } from './stop-record';
import type { SubmitOutcome } from './submit-outcome';
import { TurnAdmission } from './turn-admission';
import { TurnBodyError } from './turn-body-error';
import type {
  AbortOptions,
  DrainOptions,
  RunningTurnInfo,
  StopOptions,
  SubmitOptions,
  TurnScheduler,
  TurnSchedulerStats,
} from './turn-scheduler';
import type { TurnSchedulerError } from './turn-scheduler-error';
import type { TurnSchedulerOptions } from './turn-scheduler-options';
import type { TurnStop } from './turn-stop';

/** The options of {@link TurnSchedulerOptions}, checked, with defaults filled in. */
export type ResolvedSchedulerOptions<TInput, TActor> = Required<
  Pick<
    TurnSchedulerOptions<TInput, TActor>,
    'sessionOf' | 'isInjection' | 'runTurn' | 'onError' | 'createTurnId'
  >
> &
  Pick<TurnSchedulerOptions<TInput, TActor>, 'generationOf' | 'onRelease' | 'onQueue'> & {
    /** `maxRunningTurns`, `Infinity` when there is no limit [LIV-4]. */
    readonly slotLimit: number;
  };

type Resolve = (outcome: SubmitOutcome) => void;
type ReleaseReason = ReleaseBatch<unknown>['reason'];

const emptyDrainReport: DrainReport = Object.freeze({ abandoned: Object.freeze([]) });

// Captures a promise's resolver without allocating an executor closure per submit.
let capturedResolve: Resolve | undefined;
function captureResolve(resolve: Resolve): void {
  capturedResolve = resolve;
}

/**
 * The scheduler's state machine. Every input moves arriving → waiting → in a turn, or to
 * released, and settles exactly once. Per session at most one turn runs; no turn opens
 * while a hold covers the session, while releases of the session are being delivered, or
 * after drain began; across sessions at most `maxRunningTurns` run, nested ones aside.
 */
export class SchedulerCore<TInput, TActor> implements TurnScheduler<TInput, TActor>, SessionHost {
  private readonly sessions = new Map<string, SessionState<TInput>>();
  private readonly holds = new HoldRegistry();
  private readonly admission: TurnAdmission<SessionState<TInput>>;
  private readonly settler = new SettleTracker();
  private readonly arrivals: ArrivalGate<TInput>;
  private readonly delivery: ReleaseDelivery<TInput>;
  private draining = false;

  constructor(private readonly options: ResolvedSchedulerOptions<TInput, TActor>) {
    this.admission = new TurnAdmission(options.slotLimit);
    const report = (error: TurnSchedulerError) => this.report(error);
    const { generationOf } = options;
    const generations = generationOf === undefined ? undefined : new GenerationReader(generationOf, report);
    this.arrivals = new ArrivalGate<TInput>(
      {
        route: (entry, generation) => this.route(entry, generation),
        handOver: (entry) => this.handOver(entry),
        releaseForGeneration: (entry) => this.releaseAlone(entry, 'generation', false),
      },
      generations,
    );
    this.delivery = new ReleaseDelivery<TInput>({
      onRelease: options.onRelease,
      settler: this.settler,
      report,
      sessionDelivered: (session) => {
        session.deliveries--;
        this.afterActivity(session);
      },
    });
  }

  submit(input: TInput, options?: SubmitOptions): Promise<SubmitOutcome> {
    const sessionId = this.options.sessionOf(input);
    if (typeof sessionId !== 'string') throw new TypeError('sessionOf must return a string');
    const generation = options?.generation;
    if (generation !== undefined) this.assertGenerationOption(generation);
    const nested = options?.nested;
    assertNestedFlag(nested);
    const human = !this.options.isInjection(input);
    const promise = new Promise<SubmitOutcome>(captureResolve);
    const entry = new InputEntry(input, sessionId, human, nested === true, capturedResolve!);
    this.settler.submitted();
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
    this.arrivals.disrupt();
    try {
      const sessions = this.sessionsIn(sessionIds);
      await this.quiesce(sessions, stopRecord<TActor>('clearing', options.reason), 'clearing');
      await cleanup();
    } finally {
      this.holds.remove(hold);
      this.arrivals.resumeHeld();
    }
  }

  deleteSession(sessionId: string): Promise<void> {
    assertSessionId(sessionId);
    this.arrivals.disrupt();
    const session = this.sessions.get(sessionId);
    if (session === undefined) return Promise.resolve();
    return this.quiesce([session], stopRecord<TActor>('deleted'), 'deleted');
  }

  drain(options?: StopOptions & { readonly deadlineMs?: undefined }): Promise<void>;
  drain(options: DrainOptions): Promise<DrainReport>;
  // Both overloads resolve with a report; the first is typed void so it fits void callbacks.
  drain(options: DrainOptions = {}): Promise<unknown> {
    const deadlineMs = drainDeadline(options.deadlineMs);
    this.draining = true;
    this.arrivals.disrupt();
    this.stopEverything(stopRecord<TActor>('drain', options.reason));
    if (this.settler.unsettled === 0) return Promise.resolve(emptyDrainReport);
    if (deadlineMs === undefined) return this.settler.whenAllSettled().then(() => emptyDrainReport);
    return this.settleWithin(deadlineMs);
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
      unsettled: this.settler.unsettled,
      holds: this.holds.size,
      heldInputs: this.arrivals.heldCount,
      runningTurns: this.admission.running,
      waitingForSlot: this.admission.waiting,
    };
  }

  insertionsTaken(session: SessionState<never>): void {
    this.emitQueue(session);
  }

  // ── arrival and hand-over ─────────────────────────────────────────────────────────────

  private route(entry: InputEntry<TInput>, generation: ArrivalGeneration): void {
    if (this.draining) this.releaseAlone(entry, 'drain', false);
    else if (this.holds.covers(entry.sessionId)) this.arrivals.waitForHold(entry, generation);
    else if (generation !== undefined) this.arrivals.checkGeneration(entry, generation);
    else this.handOver(entry);
  }

  private handOver(entry: InputEntry<TInput>): void {
    const session = this.sessionFor(entry.sessionId);
    if (session.running === undefined && session.deliveries === 0 && session.head === undefined) {
      // An idle session's input opens at once, unless it has to wait for a slot [LIV-4].
      if (entry.nested || this.admission.hasFreeSlot()) {
        this.startBody(this.createTurn(session, entry));
        return;
      }
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

  /** Whether the session's next turn may open now, a slot aside. */
  private canOpen(session: SessionState<TInput>): boolean {
    if (session.head === undefined || session.running !== undefined || session.deliveries > 0) return false;
    return !this.draining && !this.holds.covers(session.sessionId);
  }

  /** Opens the session's next turn, or puts the session in line for a slot [LIV-4]. */
  private openNext(session: SessionState<TInput>): void {
    if (session.waitingForSlot || !this.canOpen(session)) return;
    if (session.head!.nested || this.admission.hasFreeSlot()) this.openFromQueue(session);
    else this.admission.join(session);
  }

  /** Hands freed slots to the sessions in line, oldest first [LIV-4]. */
  private admitWaiting(): void {
    for (
      let session = this.admission.admitNext();
      session !== undefined;
      session = this.admission.admitNext()
    ) {
      if (this.canOpen(session)) this.openFromQueue(session);
    }
  }

  private openFromQueue(session: SessionState<TInput>): void {
    const turn = this.createTurn(session, session.takeOpening());
    this.emitQueue(session);
    this.startBody(turn);
  }

  private createTurn(session: SessionState<TInput>, first: InputEntry<TInput>): ActiveTurn<TInput, TActor> {
    const turn = new ActiveTurn<TInput, TActor>(session, this.options.createTurnId(), first);
    session.running = turn as ActiveTurn<TInput, unknown>;
    this.admission.turnOpened();
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
    // A session forgotten by a drain deadline has none running: its late body is ignored.
    if (session.bodySettled === undefined || session.bodyFailed === undefined) {
      session.bodySettled = () => {
        if (session.running !== undefined) this.endTurn(session.running, false, undefined);
      };
      session.bodyFailed = (error: unknown) => {
        if (session.running !== undefined) this.endTurn(session.running, true, error);
      };
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
      this.settler.settle(entry, outcome);
    }
    if (failed) {
      this.report(new TurnBodyError({ sessionId: session.sessionId, turnId: turn.turnId, cause: error }));
    }
    this.deliverDeferred(session);
    // The slot is freed only now: it goes to the line, before this session (even if a
    // release just finished) may queue for one again [LIV-4]; and no other session's body
    // runs before this session's batches are in delivery [DEL-3].
    this.admission.turnEnded();
    this.admitWaiting();
    this.afterActivity(session);
  }

  /** Hands over the batches to archive that waited for the running turn [ABT-3]. */
  private deliverDeferred(session: SessionState<TInput>): void {
    const deferred = session.deferred;
    if (deferred === undefined) return;
    session.deferred = undefined;
    session.deliveries += deferred.length;
    for (const batch of deferred) this.delivery.deliver(batch, session);
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

  /** Drain [DRN-1]: stops every turn, releases every queue and every input before a queue. */
  private stopEverything(stop: TurnStop<TActor>): void {
    for (const session of [...this.sessions.values()]) {
      session.running?.stopWith(stop);
      this.releaseWaiting(session, 'drain', true);
    }
    // Not archived: their generation was never confirmed [DEL-2].
    for (const entry of this.arrivals.takeAll()) this.releaseAlone(entry, 'drain', false);
  }

  private releaseWaiting(session: SessionState<TInput>, reason: ReleaseReason, archive: boolean): void {
    if (session.head === undefined) return;
    const entries = session.takeAll();
    for (const entry of entries) entry.state = EntryState.releasing;
    if (session.running !== undefined) session.running.pendingCount = 0;
    // With nothing left to open, the session leaves the line for a slot [LIV-4].
    this.admission.leave(session);
    const batch: ReleaseBatch<TInput> = { sessionId: session.sessionId, entries, reason, archive };
    // Archived releases wait for the running turn, so history keeps its order [ABT-3].
    const later = archive && session.running !== undefined;
    if (!later) session.deliveries++;
    else if (session.deferred === undefined) session.deferred = [batch];
    else session.deferred.push(batch);
    this.emitQueue(session);
    if (!later) this.delivery.deliver(batch, session);
  }

  private releaseAlone(entry: InputEntry<TInput>, reason: ReleaseReason, archive: boolean): void {
    entry.state = EntryState.releasing;
    this.delivery.deliver({ sessionId: entry.sessionId, entries: [entry], reason, archive }, undefined);
  }

  // ── drain deadline ────────────────────────────────────────────────────────────────────

  /** Resolves once every submit settled, abandoning what is left after `deadlineMs` [LIV-2]. */
  private settleWithin(deadlineMs: number): Promise<DrainReport> {
    let report = emptyDrainReport;
    const timer = setTimeout(() => {
      report = this.abandonUnsettled();
    }, deadlineMs);
    return this.settler.whenAllSettled().then(() => {
      clearTimeout(timer);
      return report;
    });
  }

  /**
   * Settles every open submit as abandoned and forgets every session, so that nothing of
   * theirs runs, opens or settles again [LIV-2]. Deletions and clearings that waited for
   * those sessions to be quiet go on.
   */
  private abandonUnsettled(): DrainReport {
    const sessions = [...this.sessions.values()];
    const { abandoned, entries } = collectAbandonedWork(sessions, this.delivery.abandonAll());
    this.sessions.clear();
    this.admission.forgetAll();
    const outcome = releaseOutcome('abandoned', false);
    for (const entry of entries) this.settler.settle(entry, outcome);
    for (const session of sessions) this.forget(session);
    return Object.freeze({ abandoned: Object.freeze(abandoned) });
  }

  private forget(session: SessionState<TInput>): void {
    if (session.running !== undefined) session.running.ended = true;
    session.running = undefined;
    session.deferred = undefined;
    session.deliveries = 0;
    const waiters = session.quietWaiters;
    session.quietWaiters = undefined;
    for (const wake of waiters ?? []) wake();
  }

  // ── reporting ─────────────────────────────────────────────────────────────────────────

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

function ignore(): void {}
