import fc from 'fast-check';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { type CleanupMode, PropertyWorld, type ReleaseMode, sessionIds } from '../test/property-world';
import { flush } from '../test/scheduler-harness';

/** Generated runs; CI uses the default, `TURN_SCHEDULER_RUNS=100000` runs the long check. */
const runs = Number(process.env.TURN_SCHEDULER_RUNS ?? 1000);

class WorldCommand implements fc.AsyncCommand<object, PropertyWorld> {
  constructor(
    private readonly label: string,
    private readonly action: (world: PropertyWorld) => void | Promise<void>,
  ) {}

  check(): boolean {
    return true;
  }

  async run(_model: object, world: PropertyWorld): Promise<void> {
    await this.action(world);
    await flush();
    world.checkpoint();
    world.assertClean();
  }

  toString(): string {
    return this.label;
  }
}

// Session a gets half the traffic, so turns there see joins, queues and stops together.
const session = fc.constantFrom('a', 'a', 'a', ...sessionIds);
const holdTargets = fc.constantFrom<readonly string[] | undefined>(
  ['a'],
  ['b'],
  ['a', 'b'],
  ['c', 'a'],
  undefined,
);
const cleanupModes = fc.constantFrom<CleanupMode>('ok', 'ok', 'throw', 'reentrant');

// How the generation reaches the scheduler: passed as read at entry, passed stale, or not passed.
const generationModes = fc.constantFrom('passed', 'passed', 'passed', 'stale', 'unpassed', 'unpassed');
// One input in six is handed in from inside a turn [LIV-4].
const nestedFlags = fc.constantFrom(false, false, false, false, false, true);
const submit = fc
  .tuple(session, fc.constantFrom(true, true, false), generationModes, nestedFlags)
  .map(
    ([sessionId, human, generation, nested]) =>
      new WorldCommand(
        `submit(${sessionId}, ${human ? 'human' : 'injection'}, ${generation}${nested ? ', nested' : ''})`,
        (world) => world.submit(sessionId, human, generation === 'stale', generation !== 'unpassed', nested),
      ),
  );
const take = session.map(
  (sessionId) => new WorldCommand(`takeInsertions(${sessionId})`, (world) => world.takeInsertions(sessionId)),
);
const finish = fc
  .tuple(session, fc.constantFrom(false, false, false, true))
  .map(
    ([sessionId, fail]) =>
      new WorldCommand(`finishTurn(${sessionId}${fail ? ', throws' : ''})`, (world) =>
        world.finishTurn(sessionId, fail),
      ),
  );
const abort = fc
  .tuple(
    session,
    fc.constantFrom('any', 'current', 'stale') as fc.Arbitrary<'any' | 'current' | 'stale'>,
    fc.boolean(),
  )
  .map(
    ([sessionId, target, queued]) =>
      new WorldCommand(`abort(${sessionId}, ${target}${queued ? ', queued' : ''})`, (world) =>
        world.abort(sessionId, target, queued),
      ),
  );
const clearing = fc
  .tuple(holdTargets, cleanupModes, fc.boolean())
  .map(
    ([targets, mode, later]) =>
      new WorldCommand(
        `clearing(${targets?.join('+') ?? 'all'}, ${mode}${later ? ', later' : ''})`,
        (world) => world.clearing(targets, mode, later),
      ),
  );
const finishClearing = fc.constant(new WorldCommand('finishClearing()', (world) => world.finishClearing()));
const deleteSession = session.map(
  (sessionId) => new WorldCommand(`deleteSession(${sessionId})`, (world) => world.deleteSession(sessionId)),
);
const drain = fc
  .boolean()
  .map(
    (deadline) =>
      new WorldCommand(deadline ? 'drain(deadline)' : 'drain()', (world) => world.drain(deadline)),
  );
const advanceTime = fc.constant(new WorldCommand('advanceTime()', (world) => world.advanceTime()));
const finishRelease = fc.constant(new WorldCommand('finishRelease()', (world) => world.finishRelease()));

// Weights by repetition: mostly submits and turn progress, sometimes a stop, rarely a drain
// (after which every input is released at once, so an early drain would end the story).
const commands = fc.commands(
  [
    submit,
    submit,
    submit,
    submit,
    submit,
    submit,
    take,
    take,
    take,
    finish,
    finish,
    finish,
    finish,
    abort,
    clearing,
    finishClearing,
    finishClearing,
    deleteSession,
    finishRelease,
    finishRelease,
    advanceTime,
    fc.oneof({ weight: 1, arbitrary: drain }, { weight: 7, arbitrary: finish }),
  ],
  { maxCommands: 50, size: 'max' },
);

const releaseModes = fc.constantFrom<ReleaseMode>('sync', 'microtask', 'manual');
// The limit is 1 to 3, or none in one run of four, so admission is in play most of the time.
const limits = fc.constantFrom<number | undefined>(1, 2, 3, undefined);

describe('turn scheduler model', () => {
  // Drain deadlines run on fake time; `flush` runs on setImmediate, which stays real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(
    `[SCH-1..8] [ABT-1..7] [CLR-1..7] [DEL-1..3] [DRN-1] [SVC-2] [LIV-2] [LIV-4] random interleavings keep every guarantee (${runs} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(commands, releaseModes, limits, async (generated, releaseMode, maxRunningTurns) => {
          vi.clearAllTimers();
          const world = new PropertyWorld({ releaseMode, maxRunningTurns });
          await fc.asyncModelRun(() => ({ model: {}, real: world }), generated);
          await world.settleEverything();
          world.checkAtRest();
          world.assertClean();
        }),
        { numRuns: runs },
      );
    },
    Math.max(20_000, runs * 40),
  );
});
