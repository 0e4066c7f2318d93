/**
 * Dispatch cost of one hook run through 10 async middlewares and a default action,
 * against koa-compose doing the same (the named baseline). A second reference is
 * koa-compose with each middleware wrapped in a try/catch, the least a chain needs to keep
 * one middleware's failure from reaching the others. `--json` prints one JSON object.
 */
import { createHookRunner } from '@aalis/hook-runner';
import compose from 'koa-compose';

type KoaMiddleware<TContext> = (context: TContext, next: () => Promise<void>) => Promise<void>;

interface Payload {
  count: number;
}

interface Hooks {
  work: Payload;
}

const middlewareCount = 10;
const iterations = 20_000;
const rounds = 15;
const warmupRounds = 3;

const bump = async (payload: Payload, next: () => Promise<void>) => {
  payload.count += 1;
  await next();
};

function ours(): () => Promise<unknown> {
  const runner = createHookRunner<Hooks>();
  for (let index = 0; index < middlewareCount; index += 1) runner.middleware('work', bump);
  const payload: Payload = { count: 0 };
  const action = (value: Payload) => {
    value.count += 1;
  };
  return () => runner.run('work', payload, action);
}

function isolated(middleware: KoaMiddleware<Payload>): KoaMiddleware<Payload> {
  return async (payload, next) => {
    try {
      await middleware(payload, next);
    } catch {
      payload.count = -1;
    }
  };
}

function koa(wrap: (middleware: KoaMiddleware<Payload>) => KoaMiddleware<Payload>): () => Promise<unknown> {
  const composed = compose(Array.from({ length: middlewareCount }, () => wrap(bump)));
  const payload: Payload = { count: 0 };
  const action = async (value: Payload) => {
    value.count += 1;
  };
  return () => composed(payload, action);
}

async function nanosecondsPerRun(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  for (let index = 0; index < iterations; index += 1) await run();
  return Number(process.hrtime.bigint() - start) / iterations;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const candidates = {
  'hook-runner': ours(),
  'koa-compose': koa((middleware) => middleware),
  'koa-compose + try/catch per middleware': koa(isolated),
};
type Candidate = keyof typeof candidates;

async function measure(): Promise<Record<Candidate, number>> {
  const names = Object.keys(candidates) as Candidate[];
  const samples = new Map<Candidate, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds + warmupRounds; round += 1) {
    // Rotate the order each round so no candidate always runs on a warmer heap.
    const order = names.map((_, offset) => names[(round + offset) % names.length] as Candidate);
    for (const name of order) {
      const time = await nanosecondsPerRun(candidates[name]);
      if (round >= warmupRounds) samples.get(name)?.push(time);
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(samples.get(name) ?? [])])) as Record<
    Candidate,
    number
  >;
}

const medians = await measure();
const baseline = medians['koa-compose'];
const result = {
  benchmark: 'hook-runner/dispatch',
  unit: 'ns per run (median)',
  middlewares: middlewareCount,
  iterations,
  rounds,
  nanosecondsPerRun: medians,
  ratioToKoaCompose: medians['hook-runner'] / baseline,
  ratioToIsolatedKoaCompose: medians['hook-runner'] / medians['koa-compose + try/catch per middleware'],
};
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result));
} else {
  console.table(
    Object.entries(medians).map(([implementation, nanoseconds]) => ({
      implementation,
      'ns per run': nanoseconds.toFixed(0),
      'ratio to koa-compose': (nanoseconds / baseline).toFixed(2),
    })),
  );
}
