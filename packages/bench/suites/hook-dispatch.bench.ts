/**
 * Dispatch cost of one hook run through 10 async middlewares and a default action, against
 * koa-compose doing the same (the named baseline) and
 * hookable's `callHook` over 10 async hooks (serial calls, not an onion). A further reference
 * is koa-compose with each middleware wrapped in a try/catch, the least a chain needs to keep
 * one middleware's failure from reaching the others, as hook-runner does: the fair peer
 * (target: `hookRunnerVsIsolatedKoaRatio` ≤ 1.0).
 *
 *   npm run bench:hooks             # table
 *   npm run bench:hooks -- --json   # one JSON object
 *
 * Nothing here asserts a time.
 */
import { createHookRunner } from '@aalis/hook-runner';
import { createHooks } from 'hookable';
import compose from 'koa-compose';
import { peerVersions, readSuiteFlags } from '../support/cli-options';
import { printTable } from '../support/print-table';
import { median, round, roundSpread, spread } from '../support/statistics';

type KoaMiddleware<TContext> = (context: TContext, next: () => Promise<void>) => Promise<void>;

interface Payload {
  count: number;
}

interface Hooks {
  work: Payload;
}

const flags = readSuiteFlags();
const middlewareCount = 10;
const iterations = flags.quick ? 5_000 : 20_000;
const rounds = flags.rounds ?? (flags.quick ? 5 : 15);
const warmupRounds = 3;

const bump = async (payload: Payload, next: () => Promise<void>) => {
  payload.count += 1;
  await next();
};

function hookRunner(): () => Promise<unknown> {
  const runner = createHookRunner<Hooks>();
  for (let index = 0; index < middlewareCount; index += 1) runner.middleware('work', bump);
  const payload: Payload = { count: 0 };
  const action = (value: Payload) => {
    value.count += 1;
  };
  return () => runner.run('work', payload, action);
}

/** The agent's path: every run honours the turn's abort signal (one that never aborts here). */
function hookRunnerWithSignal(): () => Promise<unknown> {
  const runner = createHookRunner<Hooks>();
  for (let index = 0; index < middlewareCount; index += 1) runner.middleware('work', bump);
  const payload: Payload = { count: 0 };
  const action = (value: Payload) => {
    value.count += 1;
  };
  const options = { signal: new AbortController().signal };
  return () => runner.run('work', payload, action, options);
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
  const action = async () => {
    payload.count += 1;
  };
  return () => composed(payload, action);
}

function hookable(): () => Promise<unknown> {
  const hooks = createHooks<{ work: (payload: Payload) => Promise<void> }>();
  for (let index = 0; index < middlewareCount; index += 1) {
    hooks.hook('work', async (payload) => {
      payload.count += 1;
    });
  }
  const payload: Payload = { count: 0 };
  return async () => {
    await hooks.callHook('work', payload);
    payload.count += 1;
  };
}

async function nanosecondsPerRun(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  for (let index = 0; index < iterations; index += 1) await run();
  return Number(process.hrtime.bigint() - start) / iterations;
}

const candidates = {
  'hook-runner': hookRunner(),
  'hook-runner, with an abort signal': hookRunnerWithSignal(),
  'koa-compose': koa((middleware) => middleware),
  'koa-compose, try/catch per middleware': koa(isolated),
  hookable: hookable(),
};
type Candidate = keyof typeof candidates;
const names = Object.keys(candidates) as Candidate[];

async function measure(): Promise<Map<Candidate, number[]>> {
  const samples = new Map<Candidate, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds + warmupRounds; round += 1) {
    // Rotate the order each round so no candidate always runs on a warmer heap.
    const order = names.map((_, offset) => names[(round + offset) % names.length] as Candidate);
    for (const name of order) {
      const time = await nanosecondsPerRun(candidates[name]);
      if (round >= warmupRounds) samples.get(name)?.push(time);
    }
  }
  return samples;
}

const samples = await measure();
const of = (name: Candidate) => samples.get(name) ?? [];
const ratiosTo = (baseline: Candidate, candidate: Candidate = 'hook-runner') =>
  of(candidate).map((time, index) => time / (of(baseline)[index] ?? Number.NaN));
const result = {
  suite: 'hooks',
  unit: 'ns per run',
  middlewares: middlewareCount,
  iterations,
  rounds,
  implementations: Object.fromEntries(
    names.map((name) => [
      name,
      {
        nanosecondsPerRun: round(median(of(name)), 1),
        nanosecondsPerRunAcrossRounds: roundSpread(spread(of(name)), 1),
      },
    ]),
  ),
  hookRunnerVsKoaRatio: round(median(ratiosTo('koa-compose'))),
  hookRunnerVsKoaRatioAcrossRounds: roundSpread(spread(ratiosTo('koa-compose'))),
  hookRunnerVsIsolatedKoaRatio: round(median(ratiosTo('koa-compose, try/catch per middleware'))),
  hookRunnerVsHookableRatio: round(median(ratiosTo('hookable'))),
  // The agent runs every hook with the turn's signal: what watching it costs over a plain run.
  withSignalVsPlainRatio: round(median(ratiosTo('hook-runner', 'hook-runner, with an abort signal'))),
  // Koa-compose lets one middleware's failure reach the others; with a try/catch per middleware
  // it isolates them as hook-runner does: the fair peer, whose ratio is the target.
  targets: { hookRunnerVsIsolatedKoaRatio: 1 },
  peers: await peerVersions(),
  node: process.version,
};
if (flags.json) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const baseline = median(of('koa-compose'));
  console.log(
    `hooks: one run through ${middlewareCount} async middlewares, ${iterations} runs × ${rounds} rounds`,
  );
  printTable(
    ['implementation', 'ns per run', 'rounds (min–max)', 'vs koa-compose'],
    names.map((name) => {
      const figures = spread(of(name));
      return [
        name,
        figures.median.toFixed(0),
        `${figures.min.toFixed(0)}–${figures.max.toFixed(0)}`,
        (figures.median / baseline).toFixed(2),
      ];
    }),
  );
  console.log(`hookRunnerVsKoaRatio: ${result.hookRunnerVsKoaRatio} (plain koa-compose isolates no failure)`);
  console.log(`hookRunnerVsIsolatedKoaRatio: ${result.hookRunnerVsIsolatedKoaRatio} (target ≤ 1.0)`);
  console.log(
    `withSignalVsPlainRatio: ${result.withSignalVsPlainRatio} (a run that honours an abort signal)`,
  );
}
