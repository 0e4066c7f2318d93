/**
 * Throughput and memory of the turn scheduler against a bare per-session promise chain.
 * 10,000 sessions × 10 inputs, all submitted first, interleaved across sessions, with an
 * instant turn body. Measured without a limit on running turns (the default) and with
 * `maxRunningTurns: 64` [LIV-4]. Prints a table, or with `--json` one JSON object. Needs
 * `--expose-gc`.
 *
 *   npm run bench                 # table
 *   npm run bench -- --json       # { inputsPerSecond, heapGrowthBytes, vsNaiveChainRatio, … }
 *   npm run bench -- --rounds 15  # more measured rounds (median is reported)
 */
import { createTurnScheduler } from '../src/index';
import { createNaiveChain } from './naive-chain';

interface BenchInput {
  readonly sessionId: string;
  readonly index: number;
  readonly human: boolean;
}

const sessions = 10_000;
const inputsPerSession = 10;
const limitedRunningTurns = 64;
const warmupRounds = 3;
const json = process.argv.includes('--json');
const roundsArgument = process.argv.indexOf('--rounds');
const rounds = roundsArgument === -1 ? 9 : Number(process.argv[roundsArgument + 1]);

const collectGarbage = (globalThis as { gc?: () => void }).gc;
if (collectGarbage === undefined) throw new Error('run with node --expose-gc');
const gc: () => void = collectGarbage;

function makeInputs(human: boolean): BenchInput[] {
  const ids = Array.from({ length: sessions }, (_, index) => `session-${index}`);
  const inputs: BenchInput[] = [];
  for (let round = 0; round < inputsPerSession; round++) {
    for (const sessionId of ids) inputs.push({ sessionId, index: round, human });
  }
  return inputs;
}

const instantBody = async (): Promise<void> => {};

function makeScheduler(maxRunningTurns?: number) {
  return createTurnScheduler<BenchInput>({
    sessionOf: (input) => input.sessionId,
    isInjection: (input) => !input.human,
    runTurn: instantBody,
    maxRunningTurns,
  });
}

async function timeSubmitting(
  inputs: readonly BenchInput[],
  submit: (input: BenchInput) => Promise<unknown>,
) {
  gc();
  const promises: Promise<unknown>[] = new Array(inputs.length);
  const start = performance.now();
  for (let index = 0; index < inputs.length; index++) promises[index] = submit(inputs[index]!);
  await Promise.all(promises);
  return performance.now() - start;
}

// One long-lived instance each, as in an application; warm-up rounds run before measuring.
const scheduler = makeScheduler();
const limitedScheduler = makeScheduler(limitedRunningTurns);
const naiveChain = createNaiveChain((input: BenchInput) => input.sessionId, instantBody);

function timeScheduler(inputs: readonly BenchInput[]): Promise<number> {
  return timeSubmitting(inputs, scheduler.submit);
}

function timeLimited(inputs: readonly BenchInput[]): Promise<number> {
  return timeSubmitting(inputs, limitedScheduler.submit);
}

function timeNaive(inputs: readonly BenchInput[]): Promise<number> {
  return timeSubmitting(inputs, naiveChain);
}

/** Heap after everything settled and a GC, minus before, with the scheduler still alive. */
async function heapGrowth(inputs: readonly BenchInput[]): Promise<number> {
  const scheduler = makeScheduler();
  await submitAll(scheduler, inputs.slice(0, 1000));
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  await submitAll(scheduler, inputs);
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  if (scheduler.stats().sessions !== 0) throw new Error('sessions left behind');
  return after - before;
}

// A function of its own, so nothing of the run stays reachable from the caller's frame.
async function submitAll(
  scheduler: ReturnType<typeof makeScheduler>,
  inputs: readonly BenchInput[],
): Promise<void> {
  await Promise.all(inputs.map((input) => scheduler.submit(input)));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  const injections = makeInputs(false);
  const humans = makeInputs(true);
  const ours: number[] = [];
  const naive: number[] = [];
  const ratios: number[] = [];
  const humanTimes: number[] = [];
  const limitedTimes: number[] = [];
  for (let round = 0; round < warmupRounds + rounds; round++) {
    // Alternate who goes first so neither side always inherits the other's garbage.
    const first = round % 2 === 0;
    const naiveFirst = first ? await timeNaive(injections) : 0;
    const oursTime = await timeScheduler(injections);
    const naiveTime = first ? naiveFirst : await timeNaive(injections);
    const humanTime = await timeScheduler(humans);
    const limitedTime = await timeLimited(injections);
    if (round < warmupRounds) continue;
    ours.push(oursTime);
    naive.push(naiveTime);
    ratios.push(oursTime / naiveTime);
    humanTimes.push(humanTime);
    limitedTimes.push(limitedTime);
  }
  const total = injections.length;
  const result = {
    sessions,
    inputsPerSession,
    rounds,
    inputsPerSecond: Math.round(total / (median(ours) / 1000)),
    naiveChainInputsPerSecond: Math.round(total / (median(naive) / 1000)),
    vsNaiveChainRatio: Number(median(ratios).toFixed(3)),
    humanInputsPerSecond: Math.round(total / (median(humanTimes) / 1000)),
    limitedRunningTurns,
    limitedInputsPerSecond: Math.round(total / (median(limitedTimes) / 1000)),
    limitedVsNaiveChainRatio: Number((median(limitedTimes) / median(naive)).toFixed(3)),
    heapGrowthBytes: await heapGrowth(injections),
    targets: { inputsPerSecond: 400_000, heapGrowthBytes: 1_048_576, vsNaiveChainRatio: 2 },
    node: process.version,
  };
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  console.log(
    `turn-scheduler: ${sessions} sessions × ${inputsPerSession} inputs, median of ${rounds} rounds`,
  );
  console.table({
    'scheduler, injections (one turn each)': {
      'median ms': Number(median(ours).toFixed(1)),
      'inputs/s': result.inputsPerSecond,
      'vs naive chain': result.vsNaiveChainRatio,
    },
    'scheduler, human inputs (joined turns)': {
      'median ms': Number(median(humanTimes).toFixed(1)),
      'inputs/s': result.humanInputsPerSecond,
      'vs naive chain': Number((median(humanTimes) / median(naive)).toFixed(3)),
    },
    [`scheduler, injections, maxRunningTurns ${limitedRunningTurns}`]: {
      'median ms': Number(median(limitedTimes).toFixed(1)),
      'inputs/s': result.limitedInputsPerSecond,
      'vs naive chain': result.limitedVsNaiveChainRatio,
    },
    'naive Map<sessionId, Promise> chain': {
      'median ms': Number(median(naive).toFixed(1)),
      'inputs/s': result.naiveChainInputsPerSecond,
      'vs naive chain': 1,
    },
  });
  console.log(`heap growth after settling and GC: ${result.heapGrowthBytes} bytes (target ≤ 1 MiB)`);
}

await main();
