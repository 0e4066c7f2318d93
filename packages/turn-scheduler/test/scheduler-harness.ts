import {
  createTurnScheduler,
  type QueueEvent,
  type ReleasedInput,
  type SubmitOptions,
  type SubmitOutcome,
  type Turn,
  type TurnScheduler,
  type TurnSchedulerError,
  type TurnSchedulerOptions,
} from '../src/index';

/** A test input: human when `source` is absent, an injection when present. */
export interface TestMessage {
  readonly id: string;
  readonly sessionId: string;
  readonly source?: string;
}

/** Who stopped a turn, shaped like `IncomingMessage.actor`. */
export interface TestActor {
  readonly userId: string;
}

export function human(sessionId: string, id: string): TestMessage {
  return { id, sessionId };
}

export function injection(sessionId: string, id: string): TestMessage {
  return { id, sessionId, source: 'scheduler' };
}

export interface Deferred<T> {
  readonly promise: Promise<T>;
  readonly resolve: (value: T) => void;
  readonly reject: (error: unknown) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { promise, resolve, reject };
}

/** Runs every pending microtask: the scheduler schedules nothing but promise reactions. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A promise plus what it settled with, readable synchronously. */
export interface Tracked<T> {
  readonly promise: Promise<T>;
  settled: boolean;
  value: T | undefined;
  error: unknown;
}

export function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked: Tracked<T> = { promise, settled: false, value: undefined, error: undefined };
  promise.then(
    (value) => {
      tracked.settled = true;
      tracked.value = value;
    },
    (error: unknown) => {
      tracked.settled = true;
      tracked.error = error;
    },
  );
  return tracked;
}

/** One turn the harness's body is running, finished by the test. */
export interface ControlledTurn {
  readonly turn: Turn<TestMessage, TestActor>;
  /** The ids of the opening inputs. */
  readonly opening: readonly string[];
  readonly finish: () => void;
  readonly fail: (error: unknown) => void;
  ended: boolean;
}

export interface Harness {
  readonly scheduler: TurnScheduler<TestMessage, TestActor>;
  readonly turns: ControlledTurn[];
  readonly releases: ReleasedInput<TestMessage>[][];
  readonly queueEvents: QueueEvent<TestMessage>[];
  readonly errors: TurnSchedulerError[];
  /** Submits and tracks. */
  submit(message: TestMessage, options?: SubmitOptions): Tracked<SubmitOutcome>;
  /** The unfinished turn of a session; fails the test when there is none. */
  running(sessionId: string): ControlledTurn;
  /** Whether the session has an unfinished turn. */
  isRunning(sessionId: string): boolean;
  /** The sessions with an unfinished turn, in the order their turns started. */
  runningSessions(): string[];
  /** Ids of the opening inputs of every turn of a session, in start order. */
  openings(sessionId: string): string[][];
  /** Ids of the released inputs, in release order. */
  releasedIds(): string[];
  /** The last queue event's waiting ids for a session. */
  lastWaiting(sessionId: string): string[] | undefined;
}

/** A scheduler whose turn bodies wait for the test to finish them, and which records everything. */
export function createHarness(
  overrides: Partial<TurnSchedulerOptions<TestMessage, TestActor>> = {},
): Harness {
  const turns: ControlledTurn[] = [];
  const releases: ReleasedInput<TestMessage>[][] = [];
  const queueEvents: QueueEvent<TestMessage>[] = [];
  const errors: TurnSchedulerError[] = [];
  const scheduler = createTurnScheduler<TestMessage, TestActor>({
    sessionOf: (message) => message.sessionId,
    isInjection: (message) => message.source !== undefined,
    runTurn: (turn) => {
      const done = deferred();
      const controlled: ControlledTurn = {
        turn,
        opening: turn.inputs.map((message) => message.id),
        finish: () => done.resolve(),
        fail: (error) => done.reject(error),
        ended: false,
      };
      turns.push(controlled);
      return done.promise.finally(() => {
        controlled.ended = true;
      });
    },
    onRelease: (released) => {
      releases.push([...released]);
    },
    onQueue: (event) => queueEvents.push(event),
    onError: (error) => errors.push(error),
    ...overrides,
  });
  const running = (sessionId: string): ControlledTurn => {
    const turn = turns.find((candidate) => candidate.turn.sessionId === sessionId && !candidate.ended);
    if (turn === undefined) throw new Error(`no running turn in session ${sessionId}`);
    return turn;
  };
  return {
    scheduler,
    turns,
    releases,
    queueEvents,
    errors,
    submit: (message, options) => track(scheduler.submit(message, options)),
    running,
    isRunning: (sessionId) => turns.some((turn) => turn.turn.sessionId === sessionId && !turn.ended),
    runningSessions: () => turns.filter((turn) => !turn.ended).map((turn) => turn.turn.sessionId),
    openings: (sessionId) =>
      turns.filter((turn) => turn.turn.sessionId === sessionId).map((turn) => [...turn.opening]),
    releasedIds: () => releases.flat().map((released) => released.input.id),
    lastWaiting: (sessionId) =>
      queueEvents
        .filter((event) => event.sessionId === sessionId)
        .at(-1)
        ?.waiting.map((message) => message.id),
  };
}
