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
}

interface Hooks {
  work: Trace;
}

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
  it('enters, unwinds, blocks, isolates and settles every concurrent run as the onion model says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(levelArbitrary, { maxLength: 7 }),
        fc.array(fc.record({ defaultFails: fc.boolean(), defaultDelay: fc.integer({ min: 0, max: 4 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (levels, runs) => {
          const runner = createHookRunner<Hooks>({ onError: () => undefined });
          levels.forEach((level, id) => {
            runner.middleware('work', middlewareFor(level, id), { priority: level.priority });
          });
          const settled = await Promise.allSettled(
            runs.map(async (spec) => {
              const trace: Trace = { events: [] };
              let defaultRuns = 0;
              const outcome = runner
                .run('work', trace, async (payload) => {
                  defaultRuns += 1;
                  payload.events.push('default');
                  await ticks(spec.defaultDelay);
                  if (spec.defaultFails) throw new Error('default failed');
                  return 'result';
                })
                .then(
                  (value) => ({ status: 'fulfilled' as const, value }),
                  (reason: unknown) => ({ status: 'rejected' as const, reason }),
                );
              return { spec, trace, result: await outcome, defaultRuns: () => defaultRuns };
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
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
