import {
  createTurnScheduler,
  type ReleasedInput,
  type ReleaseReason,
  type SubmitOutcome,
  type Turn,
  type TurnScheduler,
} from '../src/index';
import { type Deferred, deferred, flush } from './scheduler-harness';

/** The sessions the property test uses. */
export const sessionIds = ['a', 'b', 'c'] as const;

/** An input of the property test; `id` is its submit order, which is also its enqueue order. */
export interface WorldInput {
  readonly id: number;
  readonly sessionId: string;
  readonly human: boolean;
  readonly generation: number;
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
  ended: boolean;
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

const cleanupFailure = new Error('cleanup failed on purpose');
const expectedArchive: Record<Exclude<ReleaseReason, 'drain'>, boolean> = {
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
  /** Archived releases being delivered per session; no turn may open meanwhile. */
  readonly archiving = new Map<string, number>();
  drained = false;
  readonly scheduler: TurnScheduler<WorldInput, WorldActor>;

  constructor(readonly asyncRelease: boolean) {
    this.scheduler = createTurnScheduler<WorldInput, WorldActor>({
      sessionOf: (input) => input.sessionId,
      isInjection: (input) => !input.human,
      runTurn: (turn) => this.onTurn(turn),
      generationOf: (sessionId) => this.generation(sessionId),
      onRelease: (released) => this.onRelease(released),
      onQueue: (event) => this.onQueue(event.sessionId, event.waiting),
      onError: (error) => {
        if (error.code !== 'TURN_BODY_FAILED') this.violation(`unexpected error ${error.code}`);
      },
    });
  }

  // ── commands ────────────────────────────────────────────────────────────────────────

  /**
   * Submits an input. With `passGeneration` the caller passes the generation read at entry
   * (`stale` makes it an old one); without, the scheduler reads it itself when it must.
   */
  submit(sessionId: string, human: boolean, stale: boolean, passGeneration = true): void {
    const current = this.generation(sessionId);
    const input: WorldInput = {
      id: this.inputs.length,
      sessionId,
      human,
      generation: stale ? current - 1 : current,
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
    const options = passGeneration ? { generation: input.generation } : {};
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
      this.expect(running === undefined || running.ended, 'deleteSession resolved before its turn ended'),
    );
  }

  drain(): void {
    this.drained = true;
    const submitted = this.inputs.length;
    const drain = this.scheduler.drain();
    for (const sessionId of sessionIds) this.expectStopped(sessionId, 'drain');
    this.trackOperation('drain', drain, () =>
      this.expect(
        this.inputs.slice(0, submitted).every((record) => record.settled),
        'drain resolved before every submit settled',
      ),
    );
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
      await flush();
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
  }

  assertClean(): void {
    if (this.violations.length > 0) throw new Error(this.violations.join('\n'));
  }

  private checkInputAtRest(record: InputRecord): void {
    const { id } = record.input;
    this.expect(record.settled && !record.rejected, `input ${id} did not resolve`);
    const ran = record.turnIds.length;
    const released = record.releases.length;
    this.expect(ran + released === 1, `input ${id} ran in ${ran} turns and was released ${released} times`);
    const outcome = record.outcome;
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
    this.expect(!this.drained, `turn ${turn.turnId} opened after drain`);
    this.expect(!this.isHeldInModel(sessionId), `turn opened in held session ${sessionId}`);
    this.expect(this.runningIn(sessionId) === undefined, `two turns at once in ${sessionId}`);
    this.expect(
      !this.archiving.get(sessionId),
      `turn opened in ${sessionId} while a release was being archived`,
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
      ended: false,
    };
    this.turns.push(record);
    for (const id of opening) this.inputs[id]!.turnIds.push(turn.turnId);
    return body.promise;
  }

  private onRelease(released: readonly ReleasedInput<WorldInput>[]): void | Promise<void> {
    for (const item of released) {
      const record = this.inputs[item.input.id]!;
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
    if (!this.asyncRelease || first === undefined) return undefined;
    const { sessionId, archive } = first;
    if (archive) this.archiving.set(sessionId, (this.archiving.get(sessionId) ?? 0) + 1);
    return Promise.resolve().then(() => {
      if (archive) this.archiving.set(sessionId, this.archiving.get(sessionId)! - 1);
    });
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
    } else {
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
        this.turns.every((record) => record.ended),
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

  private trackOperation(label: string, promise: Promise<void>, onResolved: () => void): void {
    const operation = { label, settled: false };
    this.pendingOperations.push(operation);
    promise.then(
      () => {
        operation.settled = true;
        onResolved();
      },
      (error: unknown) => {
        operation.settled = true;
        this.violation(`${label} rejected: ${error}`);
      },
    );
  }

  private runningIn(sessionId: string): TurnRecord | undefined {
    return this.turns.find((record) => record.turn.sessionId === sessionId && !record.ended);
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

function isIncreasing(values: readonly number[]): boolean {
  return values.every((value, index) => index === 0 || values[index - 1]! < value);
}
