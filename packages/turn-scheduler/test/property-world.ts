import { vi } from 'vitest';
import {
  createTurnScheduler,
  type DrainReport,
  type ReleasedInput,
  type ReleaseReason,
  type SubmitOutcome,
  type Turn,
  TurnBodyError,
  type TurnScheduler,
  type TurnSchedulerError,
} from '../src/index';
import { AdmissionModel } from './admission-model';
import { type Deferred, deferred, flush } from './scheduler-harness';

/** The sessions the property test uses. */
export const sessionIds = ['a', 'b', 'c'] as const;

/** An input of the property test; `id` is its submit order, which is also its enqueue order. */
export interface WorldInput {
  readonly id: number;
  readonly sessionId: string;
  readonly human: boolean;
  readonly generation: number;
  /** Submitted with `nested: true` [LIV-4]. */
  readonly nested: boolean;
}

interface WorldActor {
  readonly userId: string;
}

interface InputRecord {
  readonly input: WorldInput;
  readonly stale: boolean;
  outcome: SubmitOutcome | undefined;
  settled: boolean;
  rejected: boolean;
  readonly turnIds: string[];
  readonly releases: ReleasedInput<WorldInput>[];
  everWaiting: boolean;
}

interface TurnRecord {
  readonly turn: Turn<WorldInput, WorldActor>;
  readonly opening: number[];
  readonly joined: number[];
  /** Ids that were already waiting when the turn opened: queued, never pending insertions. */
  readonly waitingAtOpen: ReadonlySet<number>;
  readonly body: Deferred<void>;
  /** Whether its opening input was nested, so it opened without a slot [LIV-4]. */
  readonly nested: boolean;
  /** The test finished (or failed) the body. */
  ended: boolean;
  /** The body's promise settled, as the scheduler sees it. */
  closed: boolean;
}

/** What a clearing's cleanup does. */
export type CleanupMode = 'ok' | 'throw' | 'reentrant';

interface HoldRecord {
  readonly sessions: readonly string[] | undefined;
  readonly mode: CleanupMode;
  readonly finishLater: boolean;
  /** The model's view: held from the call until the cleanup settled. */
  active: boolean;
  finish: Deferred<void> | undefined;
  finished: boolean;
  settled: boolean;
}

/**
 * How `onRelease` finishes: at once, a microtask later, or when a command (or the final
 * settling) finishes it, so batches stay in delivery across commands.
 */
export type ReleaseMode = 'sync' | 'microtask' | 'manual';

/** Options of {@link PropertyWorld}. */
export interface WorldOptions {
  readonly releaseMode: ReleaseMode;
  /** `maxRunningTurns` of the scheduler; `undefined` for no limit. */
  readonly maxRunningTurns: number | undefined;
}

/** A release batch handed to `onRelease` and not finished yet (manual mode). */
interface ReleaseInFlight {
  readonly sessionId: string;
  readonly reason: ReleaseReason;
  readonly size: number;
  readonly done: Deferred<void>;
  finished: boolean;
}

/** The drain deadline the property test uses; `advanceTime` passes it. */
export const drainDeadlineMs = 5;

const cleanupFailure = new Error('cleanup failed on purpose');
const expectedArchive: Record<Exclude<ReleaseReason, 'drain' | 'abandoned'>, boolean> = {
  abort: true,
  clearing: false,
  deleted: false,
  generation: false,
};

/**
 * The real scheduler plus a model of what it must guarantee. Scheduler callbacks record
 * violations instead of throwing (a throw inside `runTurn` would only become a turn error);
 * every command and the final check fail on any violation.
 */
export class PropertyWorld {
  readonly violations: string[] = [];
  readonly inputs: InputRecord[] = [];
  readonly turns: TurnRecord[] = [];
  readonly holds: HoldRecord[] = [];
  readonly generations = new Map<string, number>();
  readonly lastWaiting = new Map<string, number[]>();
  readonly pendingOperations: { label: string; settled: boolean }[] = [];
  /** Release batches of a session being delivered; no turn of it may open meanwhile. */
  readonly blocking = new Map<string, number>();
  readonly releasesInFlight: ReleaseInFlight[] = [];
  /** Inputs the drain reports name as abandoned [LIV-2]. */
  abandonedInReports = 0;
  drained = false;
  readonly limit: number;
  readonly admission: AdmissionModel;
  readonly scheduler: TurnScheduler<WorldInput, WorldActor>;

  constructor(readonly options: WorldOptions) {
    this.limit = options.maxRunningTurns ?? Number.POSITIVE_INFINITY;
    this.admission = new AdmissionModel({
      limit: this.limit,
      sessionIds,
      isReady: (sessionId) => this.isReady(sessionId),
      headIsNested: (sessionId) => this.scheduler.waiting(sessionId)[0]?.nested === true,
      openTurns: () => this.openTurns(),
    });
    this.scheduler = createTurnScheduler<WorldInput, WorldActor>({
      sessionOf: (input) => input.sessionId,
      isInjection: (input) => !input.human,
      runTurn: (turn) => this.onTurn(turn),
      generationOf: (sessionId) => this.generation(sessionId),
      onRelease: (released) => this.onRelease(released),
      onQueue: (event) => this.onQueue(event.sessionId, event.waiting),
      onError: (error) => this.onError(error),
      maxRunningTurns: options.maxRunningTurns,
    });
  }

  // ── commands ────────────────────────────────────────────────────────────────────────

  /**
   * Submits an input. With `passGeneration` the caller passes the generation read at entry
   * (`stale` makes it an old one); without, the scheduler reads it itself when it must.
   */
  submit(sessionId: string, human: boolean, stale: boolean, passGeneration = true, nested = false): void {
    const current = this.generation(sessionId);
    const input: WorldInput = {
      id: this.inputs.length,
      sessionId,
      human,
      generation: stale ? current - 1 : current,
      nested,
    };
    const record: InputRecord = {
      input,
      stale,
      outcome: undefined,
      settled: false,
      rejected: false,
      turnIds: [],
      releases: [],
      everWaiting: false,
    };
    this.inputs.push(record);
    const options = passGeneration ? { generation: input.generation, nested } : { nested };
    this.scheduler.submit(input, options).then(
      (outcome) => this.onSettled(record, outcome),
      () => {
        record.rejected = true;
      },
    );
  }

  takeInsertions(sessionId: string): void {
    const record = this.runningIn(sessionId);
    if (record === undefined) return;
    const { turn } = record;
    const expected =
      turn.openedBy === 'human' && turn.stopInfo() === undefined
        ? this.scheduler
            .waiting(sessionId)
            .filter((input) => input.human && !record.waitingAtOpen.has(input.id))
            .map((input) => input.id)
        : [];
    const joined = turn.takePendingInsertions().map((input) => input.id);
    this.expect(sameList(joined, expected), `turn ${turn.turnId} joined [${joined}], expected [${expected}]`);
    for (const id of joined) this.joinCheck(record, id);
    record.joined.push(...joined);
    const live = turn.inputs.map((input) => input.id);
    this.expect(
      sameList(live, [...record.opening, ...record.joined]),
      `live inputs of ${turn.turnId} are [${live}]`,
    );
  }

  finishTurn(sessionId: string, fail: boolean): void {
    const record = this.runningIn(sessionId);
    if (record === undefined) return;
    record.ended = true;
    if (fail) record.body.reject(new Error('turn body failed on purpose'));
    else record.body.resolve();
  }

  abort(sessionId: string, target: 'any' | 'current' | 'stale', queued: boolean): void {
    const running = this.runningIn(sessionId);
    const turnId =
      target === 'any'
        ? undefined
        : target === 'current'
          ? (running?.turn.turnId ?? 'no-such-turn')
          : (this.turns.filter((turn) => turn.turn.sessionId === sessionId && turn.ended).at(-1)?.turn
              .turnId ?? 'no-such-turn');
    const matches = turnId === undefined || running?.turn.turnId === turnId;
    const waitingBefore = this.waitingIds(sessionId);
    const stoppedBefore = running?.turn.stopInfo();
    const stopped = this.scheduler.abort(sessionId, { turnId, queued, reason: 'test', by: { userId: 'u' } });
    this.expect(stopped === (matches && running !== undefined), `abort(${sessionId}) returned ${stopped}`);
    if (!matches) {
      this.expect(sameList(this.waitingIds(sessionId), waitingBefore), `guarded abort changed the queue`);
      this.expect(running?.turn.stopInfo() === stoppedBefore, 'guarded abort stopped a turn');
    } else if (queued) {
      this.expect(this.waitingIds(sessionId).length === 0, 'abort with queued left inputs waiting');
    }
  }

  clearing(sessions: readonly string[] | undefined, mode: CleanupMode, finishLater: boolean): void {
    const hold: HoldRecord = {
      sessions,
      mode,
      finishLater,
      active: true,
      finish: undefined,
      finished: false,
      settled: false,
    };
    this.holds.push(hold);
    const clearing = this.scheduler.clearing(sessions, () => this.cleanup(hold), { reason: 'clear' });
    for (const sessionId of sessions ?? sessionIds) this.expectStopped(sessionId, 'clearing');
    clearing
      .then(
        () => this.expect(mode !== 'throw', 'a throwing cleanup resolved its clearing'),
        (error: unknown) =>
          this.expect(mode === 'throw' && error === cleanupFailure, `clearing rejected: ${error}`),
      )
      .finally(() => {
        hold.settled = true;
        hold.active = false;
      });
  }

  finishClearing(): void {
    const hold = this.holds.find((candidate) => candidate.finish !== undefined && !candidate.finished);
    if (hold === undefined) return;
    hold.finished = true;
    hold.finish!.resolve();
  }

  deleteSession(sessionId: string): void {
    this.generations.set(sessionId, this.generation(sessionId) + 1);
    const running = this.runningIn(sessionId);
    const deletion = this.scheduler.deleteSession(sessionId);
    this.expectStopped(sessionId, 'deleteSession');
    this.trackOperation(`deleteSession(${sessionId})`, deletion, () =>
      this.expect(
        running === undefined || running.ended || this.isAbandoned(running),
        'deleteSession resolved before its turn ended',
      ),
    );
  }

  /** Drains; with `deadline`, past {@link drainDeadlineMs} what is left is abandoned [LIV-2]. */
  drain(deadline = false): void {
    this.drained = true;
    const submitted = this.inputs.length;
    const drain: Promise<unknown> = deadline
      ? this.scheduler.drain({ deadlineMs: drainDeadlineMs })
      : this.scheduler.drain();
    for (const sessionId of sessionIds) this.expectStopped(sessionId, 'drain');
    const label = deadline ? 'drain(deadline)' : 'drain';
    this.trackOperation(label, drain, (report) => {
      this.expect(
        this.inputs.slice(0, submitted).every((record) => record.settled),
        `${label} resolved before every submit settled`,
      );
      this.checkDrainReport(report as DrainReport, deadline);
    });
  }

  /** Lets fake time pass a drain deadline. */
  async advanceTime(): Promise<void> {
    await vi.advanceTimersByTimeAsync(drainDeadlineMs);
  }

  /** Finishes the oldest release callback still in flight (manual release mode). */
  finishRelease(): void {
    const release = this.releasesInFlight.find((candidate) => !candidate.finished);
    if (release === undefined) return;
    release.finished = true;
    release.done.resolve();
  }

  /** Ends every turn and cleanup until nothing is left, as a caller eventually does. */
  async settleEverything(): Promise<void> {
    for (let round = 0; round < 1000; round++) {
      let progressed = false;
      for (const record of this.turns) {
        if (!record.ended) {
          record.ended = true;
          record.body.resolve();
          progressed = true;
        }
      }
      for (const hold of this.holds) {
        if (hold.finish !== undefined && !hold.finished) {
          hold.finished = true;
          hold.finish.resolve();
          progressed = true;
        }
      }
      for (const release of this.releasesInFlight) {
        if (!release.finished) {
          this.finishRelease();
          progressed = true;
        }
      }
      await flush();
      this.checkpoint();
      if (!progressed && this.turns.every((record) => record.ended)) return;
    }
    this.violation('the world did not come to rest');
  }

  // ── checks ──────────────────────────────────────────────────────────────────────────

  /** The checks that hold once everything settled. */
  checkAtRest(): void {
    const stats = this.scheduler.stats();
    this.expect(
      stats.sessions === 0 && stats.unsettled === 0 && stats.holds === 0 && stats.heldInputs === 0,
      `state left behind: ${JSON.stringify(stats)}`,
    );
    for (const record of this.inputs) this.checkInputAtRest(record);
    for (const [sessionId, waiting] of this.lastWaiting) {
      this.expect(waiting.length === 0, `last queue event of ${sessionId} still lists [${waiting}]`);
    }
    const turnIds = this.turns.map((record) => record.turn.turnId);
    this.expect(new Set(turnIds).size === turnIds.length, 'turn ids repeat');
    for (const operation of this.pendingOperations)
      this.expect(operation.settled, `${operation.label} never settled`);
    for (const hold of this.holds) this.expect(hold.settled, 'a clearing never settled');
    this.checkTurnOrder();
    const abandoned = this.inputs.filter((record) => isAbandonedOutcome(record.outcome)).length;
    this.expect(
      abandoned === this.abandonedInReports,
      `${abandoned} inputs settled as abandoned, the drain reports name ${this.abandonedInReports}`,
    );
    this.expect(vi.getTimerCount() === 0, `${vi.getTimerCount()} timers left behind`);
  }

  /** The admission checks at a rest point (after every command) [LIV-4]. */
  checkpoint(): void {
    for (const problem of this.admission.atRest(this.scheduler.stats())) this.violation(problem);
  }

  assertClean(): void {
    if (this.violations.length > 0) throw new Error(this.violations.join('\n'));
  }

  private checkInputAtRest(record: InputRecord): void {
    const { id } = record.input;
    this.expect(record.settled && !record.rejected, `input ${id} did not resolve`);
    const ran = record.turnIds.length;
    const released = record.releases.length;
    const outcome = record.outcome;
    if (isAbandonedOutcome(outcome)) {
      // Cut off in a turn, in a delivery, or waiting for its turn to settle [LIV-2].
      this.expect(ran + released <= 1, `abandoned input ${id} ran ${ran} times, released ${released} times`);
      this.expect(outcome.archive === false, `abandoned input ${id} marked for archiving`);
      return;
    }
    this.expect(ran + released === 1, `input ${id} ran in ${ran} turns and was released ${released} times`);
    if (ran === 1) {
      this.expect(
        outcome?.status === 'turn' && outcome.turnId === record.turnIds[0],
        `input ${id} outcome mismatch`,
      );
    }
    const release = record.releases[0];
    if (release !== undefined) {
      this.expect(
        outcome?.status === 'released' &&
          outcome.reason === release.reason &&
          outcome.archive === release.archive,
        `input ${id} outcome does not match its release`,
      );
    }
    if (record.stale) {
      this.expect(
        release?.reason === 'generation' || release?.reason === 'drain',
        `stale input ${id} was not released`,
      );
    }
  }

  private checkTurnOrder(): void {
    for (const sessionId of sessionIds) {
      const opening = this.turns
        .filter((record) => record.turn.sessionId === sessionId)
        .flatMap((record) => record.opening);
      this.expect(isIncreasing(opening), `turns of ${sessionId} opened out of enqueue order: [${opening}]`);
    }
  }

  // ── scheduler callbacks ─────────────────────────────────────────────────────────────

  private onTurn(turn: Turn<WorldInput, WorldActor>): Promise<void> {
    const { sessionId } = turn;
    const opening = turn.inputs.map((input) => input.id);
    const nested = turn.inputs[0]!.nested;
    this.expect(!this.drained, `turn ${turn.turnId} opened after drain`);
    this.expect(!this.isHeldInModel(sessionId), `turn opened in held session ${sessionId}`);
    this.expect(this.runningIn(sessionId) === undefined, `two turns at once in ${sessionId}`);
    this.expect(
      !this.blocking.get(sessionId),
      `turn opened in ${sessionId} while a release of it was being delivered`,
    );
    for (const problem of this.admission.checkOpening(sessionId, nested)) this.violation(problem);
    const runningTurns = this.scheduler.stats().runningTurns;
    this.expect(
      nested || runningTurns <= this.limit,
      `${runningTurns} turns run after a slotted one opened, limit ${this.limit}`,
    );
    const humans = turn.inputs.filter((input) => input.human).length;
    if (turn.openedBy === 'injection')
      this.expect(opening.length === 1 && humans === 0, 'injection turn not alone');
    else this.expect(humans === opening.length && opening.length > 0, 'human turn with other inputs');
    for (const input of turn.inputs) {
      this.expect(input.sessionId === sessionId, 'turn mixes sessions');
      this.expect(
        input.generation === this.generation(sessionId),
        `input ${input.id} of an old generation ran`,
      );
    }
    const waiting = this.scheduler.waiting(sessionId);
    this.expect(
      turn.openedBy === 'injection' || !waiting[0]?.human,
      `turn ${opening} left a human at the queue head`,
    );
    this.expect(
      waiting.every((input) => input.id > Math.max(...opening)),
      'turn did not open from the queue head',
    );
    const body = deferred();
    const record: TurnRecord = {
      turn,
      opening,
      joined: [],
      waitingAtOpen: new Set(waiting.map((input) => input.id)),
      body,
      nested,
      ended: false,
      closed: false,
    };
    this.turns.push(record);
    for (const id of opening) this.inputs[id]!.turnIds.push(turn.turnId);
    // The scheduler waits on this promise, so `closed` flips just before it sees the end.
    return body.promise.finally(() => {
      record.closed = true;
    });
  }

  private onRelease(released: readonly ReleasedInput<WorldInput>[]): void | Promise<void> {
    for (const item of released) {
      const record = this.inputs[item.input.id]!;
      this.expect(!record.settled, `input ${item.input.id} released after it settled`);
      record.releases.push(item);
      const expected = item.reason === 'drain' ? record.everWaiting : expectedArchive[item.reason];
      this.expect(
        item.archive === expected,
        `input ${item.input.id} released (${item.reason}) archive ${item.archive}`,
      );
      if (item.archive) {
        this.expect(this.runningIn(item.sessionId) === undefined, 'archived release before the turn settled');
      }
    }
    const first = released[0];
    if (this.options.releaseMode === 'sync' || first === undefined) return undefined;
    const { sessionId, reason, archive } = first;
    // Releases of single inputs that never reached a queue do not hold up their session.
    const blocks = reason !== 'generation' && (reason !== 'drain' || archive);
    if (blocks) this.blocking.set(sessionId, (this.blocking.get(sessionId) ?? 0) + 1);
    const done = deferred();
    if (this.options.releaseMode === 'microtask') done.resolve();
    else this.releasesInFlight.push({ sessionId, reason, size: released.length, done, finished: false });
    return done.promise.then(() => {
      if (blocks) this.blocking.set(sessionId, this.blocking.get(sessionId)! - 1);
    });
  }

  private onError(error: TurnSchedulerError): void {
    if (!TurnBodyError.isInstance(error)) {
      this.violation(`unexpected error ${error.code}`);
      return;
    }
    const record = this.turns.find((candidate) => candidate.turn.turnId === error.turnId);
    this.expect(record !== undefined && !this.isAbandoned(record), `abandoned turn ${error.turnId} reported`);
  }

  /** Checks a drain report against the model [LIV-2]. */
  private checkDrainReport(report: DrainReport, deadline: boolean): void {
    this.expect(Array.isArray(report?.abandoned), 'drain resolved without a report');
    if (!deadline) this.expect(report.abandoned.length === 0, 'a drain without a deadline abandoned work');
    for (const item of report.abandoned) {
      this.abandonedInReports += item.inputCount;
      if (item.kind === 'turn') this.checkAbandonedTurn(item.turnId, item.inputCount);
      else if (item.delivering) {
        const matching = this.releasesInFlight.some(
          (release) =>
            !release.finished &&
            release.sessionId === item.sessionId &&
            release.reason === item.reason &&
            release.size === item.inputCount,
        );
        this.expect(matching, `abandoned release ${JSON.stringify(item)} was not in delivery`);
      }
    }
  }

  private checkAbandonedTurn(turnId: string, inputCount: number): void {
    const record = this.turns.find((candidate) => candidate.turn.turnId === turnId);
    if (record === undefined) {
      this.violation(`abandoned turn ${turnId} unknown`);
      return;
    }
    const ids = [...record.opening, ...record.joined];
    this.expect(!record.closed, `abandoned turn ${turnId} had ended`);
    this.expect(
      ids.length === inputCount,
      `abandoned turn ${turnId} has ${ids.length} inputs, report ${inputCount}`,
    );
    this.expect(
      ids.every((id) => isAbandonedOutcome(this.inputs[id]!.outcome)),
      `inputs of abandoned turn ${turnId} settled otherwise`,
    );
  }

  private onQueue(sessionId: string, waiting: readonly WorldInput[]): void {
    const ids = waiting.map((input) => input.id);
    this.expect(isIncreasing(ids), `queue event of ${sessionId} out of order: [${ids}]`);
    this.expect(
      waiting.every((input) => input.sessionId === sessionId),
      'queue event lists another session',
    );
    for (const id of ids) this.inputs[id]!.everWaiting = true;
    this.lastWaiting.set(sessionId, ids);
  }

  private onSettled(record: InputRecord, outcome: SubmitOutcome): void {
    record.settled = true;
    record.outcome = outcome;
    if (outcome.status === 'turn') {
      const turn = this.turns.find((candidate) => candidate.turn.turnId === outcome.turnId);
      this.expect(turn?.ended === true, `input ${record.input.id} settled before its turn ended`);
    } else if (outcome.reason !== 'abandoned') {
      this.expect(
        record.releases.length === 1,
        `input ${record.input.id} settled before its release was delivered`,
      );
    }
  }

  private async cleanup(hold: HoldRecord): Promise<void> {
    const covered = hold.sessions ?? sessionIds;
    for (const sessionId of covered) {
      this.expect(this.runningIn(sessionId) === undefined, `cleanup ran while ${sessionId} had a turn`);
      this.expect(
        this.waitingIds(sessionId).length === 0,
        `cleanup ran while ${sessionId} had waiting inputs`,
      );
    }
    if (hold.sessions === undefined)
      this.expect(
        this.turns.every((record) => record.ended || this.isAbandoned(record)),
        'turn running under a global hold',
      );
    if (hold.mode === 'reentrant') await this.reenter(covered[0] ?? 'a');
    if (hold.finishLater) {
      hold.finish = deferred();
      await hold.finish.promise;
    }
    hold.active = false;
    if (hold.mode === 'throw') throw cleanupFailure;
  }

  /** What a session manager's `session:deleted` listener does inside the hold. */
  private async reenter(sessionId: string): Promise<void> {
    this.generations.set(sessionId, this.generation(sessionId) + 1);
    const deletion = this.scheduler.deleteSession(sessionId);
    this.expect(!this.scheduler.abort(sessionId, { queued: true }), 'a held session had a running turn');
    await deletion;
  }

  // ── helpers ─────────────────────────────────────────────────────────────────────────

  private expectStopped(sessionId: string, by: string): void {
    const running = this.runningIn(sessionId);
    if (running === undefined) return;
    this.expect(
      running.turn.stopInfo() !== undefined && running.turn.signal.aborted,
      `${by} left the turn of ${sessionId} running`,
    );
  }

  private joinCheck(record: TurnRecord, id: number): void {
    const input = this.inputs[id]!.input;
    this.expect(
      input.human && input.sessionId === record.turn.sessionId,
      `input ${id} joined the wrong turn`,
    );
    this.expect(
      input.generation === this.generation(input.sessionId),
      `input ${id} of an old generation joined`,
    );
    this.inputs[id]!.turnIds.push(record.turn.turnId);
  }

  private trackOperation<T>(label: string, promise: Promise<T>, onResolved: (value: T) => void): void {
    const operation = { label, settled: false };
    this.pendingOperations.push(operation);
    promise.then(
      (value) => {
        operation.settled = true;
        onResolved(value);
      },
      (error: unknown) => {
        operation.settled = true;
        this.violation(`${label} rejected: ${error}`);
      },
    );
  }

  /** The session's turn the test has not finished, unless a drain deadline abandoned it. */
  private runningIn(sessionId: string): TurnRecord | undefined {
    return this.turns.find(
      (record) => record.turn.sessionId === sessionId && !record.ended && !this.isAbandoned(record),
    );
  }

  /** Whether a drain deadline abandoned the turn: its inputs settled as abandoned. */
  private isAbandoned(record: TurnRecord): boolean {
    return isAbandonedOutcome(this.inputs[record.opening[0]!]!.outcome);
  }

  /** Whether the session's next turn could open now but for a slot [LIV-4]. */
  private isReady(sessionId: string): boolean {
    if (this.drained || this.scheduler.waiting(sessionId).length === 0) return false;
    if (this.scheduler.isHeld(sessionId) || (this.blocking.get(sessionId) ?? 0) > 0) return false;
    return !this.turns.some((record) => record.turn.sessionId === sessionId && this.isOpen(record));
  }

  private isOpen(record: TurnRecord): boolean {
    return !record.closed && !this.isAbandoned(record);
  }

  private openTurns(): { all: number; slotted: number } {
    const open = this.turns.filter((record) => this.isOpen(record));
    return { all: open.length, slotted: open.filter((record) => !record.nested).length };
  }

  private isHeldInModel(sessionId: string): boolean {
    return this.holds.some(
      (hold) => hold.active && (hold.sessions === undefined || hold.sessions.includes(sessionId)),
    );
  }

  private waitingIds(sessionId: string): number[] {
    return this.scheduler.waiting(sessionId).map((input) => input.id);
  }

  private generation(sessionId: string): number {
    return this.generations.get(sessionId) ?? 0;
  }

  private expect(condition: boolean, message: string): void {
    if (!condition) this.violation(message);
  }

  private violation(message: string): void {
    this.violations.push(message);
  }
}

function sameList(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

function isAbandonedOutcome(
  outcome: SubmitOutcome | undefined,
): outcome is { readonly status: 'released'; readonly reason: 'abandoned'; readonly archive: boolean } {
  return outcome?.status === 'released' && outcome.reason === 'abandoned';
}

function isIncreasing(values: readonly number[]): boolean {
  return values.every((value, index) => index === 0 || values[index - 1]! < value);
}
