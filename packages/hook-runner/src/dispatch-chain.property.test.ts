import { getEventListeners } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHookRunner, type HookMiddleware } from './index';

type Behaviour = 'await-next' | 'return-next' | 'fire-and-forget' | 'block' | 'throw-before' | 'throw-after';

interface Level {
  readonly behaviour: Behaviour;
  readonly priority: number;
  readonly delay: number;
}

interface Trace {
  readonly events: string[];
  /** Resolves once the run's signal aborted; never without one. */
  readonly aborted: Promise<void>;
}

interface Hooks {
  work: Trace;
}

const never = new Promise<never>(() => undefined);

async function ticks(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) await Promise.resolve();
}

function middlewareFor(level: Level, id: number): HookMiddleware<Trace> {
  const enter = (trace: Trace) => trace.events.push(`enter ${id}`);
  switch (level.behaviour) {
    case 'await-next':
      return async (trace, next) => {
        enter(trace);
        await ticks(level.delay);
        await next();
        await ticks(level.delay);
        trace.events.push(`exit ${id}`);
      };
    case 'return-next':
      return (trace, next) => {
        enter(trace);
        return next();
      };
    case 'fire-and-forget':
      return (trace, next) => {
        enter(trace);
        next().catch(() => undefined);
      };
    case 'block':
      return async (trace) => {
        enter(trace);
        await ticks(level.delay);
      };
    case 'throw-before':
      return async (trace) => {
        enter(trace);
        await ticks(level.delay);
        throw new Error(`before ${id}`);
      };
    case 'throw-after':
      return async (trace, next) => {
        enter(trace);
        await next();
        await ticks(level.delay);
        throw new Error(`after ${id}`);
      };
  }
}

/** What a run of `levels` must produce, walked level by level from the outside in. */
function expected(levels: readonly Level[], defaultFails: boolean) {
  const order = levels
    .map((level, id) => ({ level, id }))
    .sort((a, b) => b.level.priority - a.level.priority);
  const enters: string[] = [];
  const reached: typeof order = [];
  let errors = 0;
  let blocked = false;
  for (const entry of order) {
    enters.push(`enter ${entry.id}`);
    reached.push(entry);
    if (entry.level.behaviour === 'block') {
      blocked = true;
      break;
    }
    if (entry.level.behaviour === 'throw-before') errors += 1;
  }
  const failed = !blocked && defaultFails;
  if (!failed) errors += reached.filter((entry) => entry.level.behaviour === 'throw-after').length;
  const exits = failed
    ? []
    : reached
        .filter((entry) => entry.level.behaviour === 'await-next')
        .reverse()
        .map((entry) => `exit ${entry.id}`);
  return { enters, exits, errors, blocked, failed };
}

const levelArbitrary = fc.record({
  behaviour: fc.constantFrom<Behaviour>(
    'await-next',
    'return-next',
    'fire-and-forget',
    'block',
    'throw-before',
    'throw-after',
  ),
  priority: fc.integer({ min: -2, max: 2 }),
  delay: fc.integer({ min: 0, max: 3 }),
});

describe('dispatch under random chains and interleavings', () => {
  it('enters, unwinds, blocks, isolates and settles every concurrent run as the onion model says, with or without a signal that never aborts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(levelArbitrary, { maxLength: 7 }),
        fc.array(
          fc.record({
            defaultFails: fc.boolean(),
            defaultDelay: fc.integer({ min: 0, max: 4 }),
            withSignal: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (levels, runs) => {
          const runner = createHookRunner<Hooks>({ onError: () => undefined });
          levels.forEach((level, id) => {
            runner.middleware('work', middlewareFor(level, id), { priority: level.priority });
          });
          const settled = await Promise.allSettled(
            runs.map(async (spec) => {
              const trace: Trace = { events: [], aborted: never };
              const signal = spec.withSignal ? new AbortController().signal : undefined;
              let defaultRuns = 0;
              const outcome = runner
                .run(
                  'work',
                  trace,
                  async (payload) => {
                    defaultRuns += 1;
                    payload.events.push('default');
                    await ticks(spec.defaultDelay);
                    if (spec.defaultFails) throw new Error('default failed');
                    return 'result';
                  },
                  signal === undefined ? undefined : { signal },
                )
                .then(
                  (value) => ({ status: 'fulfilled' as const, value }),
                  (reason: unknown) => ({ status: 'rejected' as const, reason }),
                );
              const result = await outcome;
              if (signal !== undefined) expect(getEventListeners(signal, 'abort')).toHaveLength(0);
              return { spec, trace, result, defaultRuns: () => defaultRuns };
            }),
          );
          for (const entry of settled) {
            if (entry.status !== 'fulfilled') throw entry.reason;
            const { spec, trace, result, defaultRuns } = entry.value;
            const model = expected(levels, spec.defaultFails);
            const entered = trace.events.filter((event) => event.startsWith('enter'));
            const exited = trace.events.filter((event) => event.startsWith('exit'));
            expect(entered).toEqual(model.enters);
            expect(exited).toEqual(model.exits);
            expect(defaultRuns()).toBe(model.blocked ? 0 : 1);
            expect(result.status).toBe(model.failed ? 'rejected' : 'fulfilled');
            if (result.status === 'fulfilled') {
              expect(result.value.blocked).toBe(model.blocked);
              expect(result.value.errors).toHaveLength(model.errors);
              expect(result.value).not.toHaveProperty('abandoned');
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

type HangBehaviour = 'hang-before' | 'hang-after' | 'late-next';

interface AbortLevel {
  readonly behaviour: Behaviour | HangBehaviour;
  readonly priority: number;
  readonly delay: number;
}

const hangBehaviours: readonly string[] = ['hang-before', 'hang-after', 'late-next'];

function abortableMiddlewareFor(level: AbortLevel, id: number): HookMiddleware<Trace> {
  const enter = (trace: Trace) => trace.events.push(`enter ${id}`);
  switch (level.behaviour) {
    case 'hang-before':
      return async (trace) => {
        enter(trace);
        await never;
      };
    case 'hang-after':
      return async (trace, next) => {
        enter(trace);
        await next();
        await never;
      };
    case 'late-next':
      // Calls next only once the run's signal aborted, when the run has been given up.
      return async (trace, next) => {
        enter(trace);
        await trace.aborted;
        await next();
        trace.events.push(`late next ${id} resolved`);
      };
    default:
      return middlewareFor({ ...level, behaviour: level.behaviour }, id);
  }
}

/** How a level enters the chain: a level that hangs before `next` stops it like a blocker. */
function enteringAs(behaviour: AbortLevel['behaviour']): Behaviour {
  if (behaviour === 'hang-before' || behaviour === 'late-next') return 'block';
  if (behaviour === 'hang-after') return 'await-next';
  return behaviour;
}

/** The onion model of `levels`, and whether the run reaches a level that hangs. */
function expectedWithHangs(levels: readonly AbortLevel[], defaultFails: boolean) {
  const entering = levels.map((level) => ({ ...level, behaviour: enteringAs(level.behaviour) }));
  const model = expected(entering, defaultFails);
  const reachedIds = model.enters.map((event) => Number(event.slice('enter '.length)));
  const hangs = reachedIds.some((id) => hangBehaviours.includes(levels[id]?.behaviour ?? ''));
  return { ...model, hangs };
}

const abortLevelArbitrary = fc.record({
  behaviour: fc.constantFrom<Behaviour | HangBehaviour>(
    'await-next',
    'return-next',
    'fire-and-forget',
    'block',
    'throw-before',
    'throw-after',
    'hang-before',
    'hang-after',
    'late-next',
  ),
  priority: fc.integer({ min: -2, max: 2 }),
  delay: fc.integer({ min: 0, max: 3 }),
});

/** Microtasks a run may take to settle once its signal aborted: the default action's race and plumbing. */
const settleBound = 50;

interface AbortRunSpec {
  readonly defaultFails: boolean;
  readonly defaultDelay: number;
  /** Microtasks after the start of the run at which its signal aborts; -1 aborts before. */
  readonly abortAt: number;
}

async function abortedRun(runner: ReturnType<typeof createHookRunner<Hooks>>, spec: AbortRunSpec) {
  const controller = new AbortController();
  let markAborted: () => void = () => undefined;
  const aborted = new Promise<void>((resolve) => {
    markAborted = resolve;
  });
  const abort = () => {
    controller.abort();
    markAborted();
  };
  if (spec.abortAt < 0) abort();
  const trace: Trace = { events: [], aborted };
  const seen = { settled: false, eventsAtSettle: 0, defaultRuns: 0, defaultAfterSettle: false };
  const markSettled = () => {
    seen.settled = true;
    seen.eventsAtSettle = trace.events.length;
  };
  const running = runner
    .run(
      'work',
      trace,
      async (payload) => {
        seen.defaultRuns += 1;
        if (seen.settled) seen.defaultAfterSettle = true;
        payload.events.push('default');
        // A default action that honours the signal.
        await Promise.race([ticks(spec.defaultDelay), aborted]);
        if (spec.defaultFails) throw new Error('default failed');
        return 'result';
      },
      { signal: controller.signal },
    )
    .then(
      (value) => {
        markSettled();
        return { status: 'fulfilled' as const, value };
      },
      (reason: unknown) => {
        markSettled();
        return { status: 'rejected' as const, reason };
      },
    );
  if (spec.abortAt >= 0) {
    await ticks(spec.abortAt);
    abort();
  }
  await ticks(settleBound);
  const settledInTime = seen.settled;
  const result = await running;
  await ticks(settleBound);
  const listeners = getEventListeners(controller.signal, 'abort').length;
  return { trace, seen, settledInTime, result, listeners };
}

describe('dispatch with an abort signal under random hangs and abort times', () => {
  it('settles every run after the abort, runs the default action at most once and never after the run settled', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(abortLevelArbitrary, { maxLength: 6 }),
        fc.array(
          fc.record({
            defaultFails: fc.boolean(),
            defaultDelay: fc.integer({ min: 0, max: 6 }),
            abortAt: fc.integer({ min: -1, max: 30 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        async (levels, specs) => {
          const runner = createHookRunner<Hooks>({ onError: () => undefined });
          levels.forEach((level, id) => {
            runner.middleware('work', abortableMiddlewareFor(level, id), {
              priority: level.priority,
              label: `m${id}`,
            });
          });
          const runs = await Promise.all(specs.map((spec) => abortedRun(runner, spec)));
          runs.forEach((run, index) => {
            checkAbortedRun(levels, specs[index] as AbortRunSpec, run);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

function checkAbortedRun(
  levels: readonly AbortLevel[],
  spec: AbortRunSpec,
  run: Awaited<ReturnType<typeof abortedRun>>,
): void {
  const { trace, seen, settledInTime, result, listeners } = run;
  const model = expectedWithHangs(levels, spec.defaultFails);
  expect(settledInTime).toBe(true);
  expect(listeners).toBe(0);
  expect(seen.defaultRuns).toBeLessThanOrEqual(1);
  expect(seen.defaultAfterSettle).toBe(false);
  const laterEvents = trace.events.slice(seen.eventsAtSettle);
  expect(laterEvents.filter((event) => event.startsWith('enter') || event === 'default')).toEqual([]);
  if (spec.abortAt < 0) {
    expect(result).toEqual({ status: 'fulfilled', value: { blocked: true, errors: [], abandoned: [] } });
    expect(trace.events).toEqual([]);
    return;
  }
  const entered = trace.events.filter((event) => event.startsWith('enter'));
  expect(model.enters.slice(0, entered.length)).toEqual(entered);
  if (result.status === 'rejected') {
    expect(seen.defaultRuns).toBe(1);
    expect(spec.defaultFails).toBe(true);
    return;
  }
  const outcome = result.value;
  if (outcome.abandoned === undefined) {
    // Not ended by the signal: exactly the onion model.
    expect(model.hangs).toBe(false);
    expect(entered).toEqual(model.enters);
    expect(outcome.blocked).toBe(model.blocked);
    expect(outcome.errors).toHaveLength(model.errors);
    return;
  }
  expect(outcome.blocked).toBe(seen.defaultRuns === 0);
  const enteredIds = entered.map((event) => Number(event.slice('enter '.length)));
  const enteredLabels = enteredIds.map((id) => `m${id}`);
  expect(enteredLabels.filter((label) => outcome.abandoned?.includes(label))).toEqual(outcome.abandoned);
  for (const id of enteredIds) {
    if (hangBehaviours.includes(levels[id]?.behaviour ?? '')) expect(outcome.abandoned).toContain(`m${id}`);
  }
}
