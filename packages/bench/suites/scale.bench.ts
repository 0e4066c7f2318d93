/**
 * Many sessions at once through the default agent: 1,000 sessions with 10 turns each, all
 * submitted before any settles (as injections, so each input is a turn of its own), with an
 * instant model that answers at once, over the in-memory and the SQLite archive. Same app as
 * the per-turn suite (5 prompt contributions, 5 no-op middlewares on each `agent:*` hook).
 * Reports turns per second and the heap after everything settled: with the stored messages
 * (in memory they live on the heap), and after the sessions were deleted (what the agent
 * itself keeps: should be about nothing).
 *
 * Then under load [LIV-4]: 1,000 sessions × 20 turns at once with a model answering after
 * 0–5 ms (seeded), once with the agent's default limit on running turns and once without a
 * limit: turns per second and the event-loop lag p99 (`monitorEventLoopDelay`, 5 ms
 * resolution) — how long any timer or request of the process waited meanwhile. Targets:
 * `lagP99Ms` ≤ 100 with the default limit, `throughputLossRatio` (1 − limited ÷ unlimited
 * turns per second) ≤ 0.1.
 *
 *   npm run bench:scale                 # table
 *   npm run bench:scale -- --json       # one JSON object
 *
 * Needs `--expose-gc`. Nothing here asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ArchiveStore, InMemoryArchiveStore, SqliteArchiveStore } from '@aalis/archive-adapter';
import { createAalisTurnApp } from '../support/aalis-turn';
import { readSuiteFlags } from '../support/cli-options';
import { settledHeap } from '../support/heap';
import { type LoadFigures, measureLoad } from '../support/measure-load';
import { printTable } from '../support/print-table';
import { median, round, roundSpread, spread } from '../support/statistics';

const flags = readSuiteFlags();
const sessions = flags.quick ? 200 : 1_000;
const turnsPerSession = 10;
const rounds = flags.rounds ?? (flags.quick ? 1 : 3);
const directory = mkdtempSync(join(tmpdir(), 'aalis-bench-scale-'));

type StoreKind = 'inMemory' | 'sqlite';

function openStore(kind: StoreKind, round: number): ArchiveStore {
  return kind === 'inMemory'
    ? new InMemoryArchiveStore()
    : new SqliteArchiveStore({ path: join(directory, `scale-${round}.sqlite`) });
}

interface RoundFigures {
  readonly turnsPerSecond: number;
  readonly heapGrowthBytes: number;
  readonly heapGrowthAfterDeleteBytes: number;
}

/** One round on a fresh app: warm up on other sessions, then everything at once. */
async function runRound(kind: StoreKind, round: number): Promise<RoundFigures> {
  let modelCalls = 0;
  const harness = createAalisTurnApp({
    store: openStore(kind, round),
    script: 'answer',
    onModelCall: () => (modelCalls += 1),
  });
  const ids = Array.from({ length: sessions }, (_, index) => `session-${index}`);
  await Promise.all(
    Array.from({ length: 50 }, (_, index) => harness.turn(`warm-up-${index}`, { injection: true })),
  );
  await harness.store.clear(undefined);
  modelCalls = 0;
  const heapBefore = settledHeap();
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let turn = 0; turn < turnsPerSession; turn += 1) {
    for (const id of ids) pending.push(harness.turn(id, { injection: true }));
  }
  await Promise.all(pending);
  const elapsed = performance.now() - start;
  pending.length = 0;
  if (modelCalls !== sessions * turnsPerSession || harness.errors.length > 0) {
    throw new Error(
      `expected ${sessions * turnsPerSession} turns, saw ${modelCalls} (${harness.errors.length} errors)`,
    );
  }
  const heapGrowthBytes = settledHeap() - heapBefore;
  await Promise.all(ids.map((id) => harness.deleteSession(id)));
  await harness.store.clear(undefined);
  const heapGrowthAfterDeleteBytes = settledHeap() - heapBefore;
  await harness.app.stop();
  await harness.store.close();
  return {
    turnsPerSecond: (sessions * turnsPerSession) / (elapsed / 1000),
    heapGrowthBytes,
    heapGrowthAfterDeleteBytes,
  };
}

async function measure(kind: StoreKind) {
  const figures: RoundFigures[] = [];
  for (let index = 0; index < rounds; index += 1) figures.push(await runRound(kind, index));
  const turnsPerSecond = figures.map((figure) => figure.turnsPerSecond);
  return {
    turnsPerSecond: Math.round(median(turnsPerSecond)),
    turnsPerSecondAcrossRounds: roundSpread(spread(turnsPerSecond), 0),
    heapGrowthBytes: Math.round(median(figures.map((figure) => figure.heapGrowthBytes))),
    heapGrowthAfterDeleteBytes: Math.round(
      median(figures.map((figure) => figure.heapGrowthAfterDeleteBytes)),
    ),
  };
}

const loadTurnsPerSession = 20;

/** Rounds of the load workload, limited and unlimited interleaved so both see the same machine. */
async function measureUnderLoad() {
  const limited: LoadFigures[] = [];
  const unlimited: LoadFigures[] = [];
  for (let index = 0; index < rounds; index += 1) {
    const workload = { sessions, turnsPerSession: loadTurnsPerSession, seed: 7 + index };
    limited.push(await measureLoad({ ...workload, maxRunningTurns: undefined }));
    unlimited.push(await measureLoad({ ...workload, maxRunningTurns: 0 }));
  }
  const summary = (figures: LoadFigures[]) => ({
    turnsPerSecond: Math.round(median(figures.map((figure) => figure.turnsPerSecond))),
    lagP99Ms: round(median(figures.map((figure) => figure.lag.p99Ms)), 1),
    lagP99MsAcrossRounds: roundSpread(spread(figures.map((figure) => figure.lag.p99Ms)), 1),
    lagMaxMs: round(median(figures.map((figure) => figure.lag.maxMs)), 1),
  });
  const losses = limited.map((figure, index) => 1 - figure.turnsPerSecond / unlimited[index]!.turnsPerSecond);
  return {
    limited: summary(limited),
    unlimited: summary(unlimited),
    throughputLoss: round(median(losses), 3),
    throughputLossAcrossRounds: roundSpread(spread(losses), 3),
  };
}

try {
  const inMemory = await measure('inMemory');
  const sqlite = await measure('sqlite');
  const load = await measureUnderLoad();
  const result = {
    lagP99Ms: load.limited.lagP99Ms,
    lagP99MsAcrossRounds: load.limited.lagP99MsAcrossRounds,
    lagP99MsUnlimited: load.unlimited.lagP99Ms,
    throughputLossRatio: load.throughputLoss,
    throughputLossRatioAcrossRounds: load.throughputLossAcrossRounds,
    suite: 'scale',
    sessions,
    turnsPerSession,
    turns: sessions * turnsPerSession,
    rounds,
    workload:
      'injections, instant model answering at once, 5 contributions, 5 no-op middlewares per agent hook',
    inMemory,
    sqlite,
    underLoad: { ...load, turnsPerSession: loadTurnsPerSession, model: '0–5 ms, seeded' },
    targets: { lagP99Ms: 100, throughputLossRatio: 0.1 },
    node: process.version,
  };
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    console.log(
      `scale: ${sessions} sessions × ${turnsPerSession} turns in flight at once, median of ${rounds} rounds`,
    );
    printTable(
      ['archive', 'turns/s', 'rounds (min–max)', 'heap growth KB', 'after delete KB'],
      (
        [
          ['in-memory', inMemory],
          ['SQLite', sqlite],
        ] as const
      ).map(([name, figures]) => [
        name,
        String(figures.turnsPerSecond),
        `${figures.turnsPerSecondAcrossRounds.min}–${figures.turnsPerSecondAcrossRounds.max}`,
        (figures.heapGrowthBytes / 1024).toFixed(0),
        (figures.heapGrowthAfterDeleteBytes / 1024).toFixed(0),
      ]),
    );
    console.log(
      `under load: ${sessions} sessions × ${loadTurnsPerSession} turns, model 0–5 ms, median of ${rounds} rounds`,
    );
    printTable(
      ['limit on running turns', 'turns/s', 'lag p99 ms', 'lag max ms'],
      (
        [
          ['default', load.limited],
          ['none', load.unlimited],
        ] as const
      ).map(([name, figures]) => [
        name,
        String(figures.turnsPerSecond),
        String(figures.lagP99Ms),
        String(figures.lagMaxMs),
      ]),
    );
    console.log(
      `lagP99Ms ${result.lagP99Ms} (target ≤ 100), throughputLossRatio ${result.throughputLossRatio} (target ≤ 0.1)`,
    );
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
