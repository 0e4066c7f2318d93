/**
 * Per-turn orchestration cost with an instant model: one turn over a 100-message history,
 * 5 system blocks, 3 sequential tool calls then a final answer, through the default agent
 * (5 `agent:prompt` contributions, 5 no-op middlewares on each `agent:*` hook, in-memory
 * archive) and through the peers doing the same turn: the Vercel AI SDK's `generateText`
 * (the named baseline), the OpenAI Agents SDK, LangGraph's `createReactAgent`, and a bare
 * hand-written loop (the floor). Reports per-turn time (median, p95), heap allocated and
 * retained per turn, `perTurnVsAiSdkRatio` (ours / theirs; target ≤ 0.5) and
 * `allocatedBytesVsAiSdkRatio` (heap allocated per turn, ours / theirs; target ≤ 0.5).
 *
 *   npm run bench:turn                 # table
 *   npm run bench:turn -- --json       # one JSON object
 *   npm run bench:turn -- --rounds 10  # more measured rounds
 *   npm run bench:turn -- --only aalis,aiSdk   # some columns only
 *
 * Needs `--expose-gc`. Nothing here asserts a time.
 */
import { createAalisTurnApp } from '../support/aalis-turn';
import { createAiSdkTurn } from '../support/ai-sdk-turn';
import { createBareLoopTurn } from '../support/bare-loop-turn';
import { peerVersions, readSuiteFlags } from '../support/cli-options';
import { measureHeap } from '../support/heap';
import { createLangGraphTurn } from '../support/langgraph-turn';
import { createOpenAiAgentsTurn } from '../support/openai-agents-turn';
import { printTable } from '../support/print-table';
import { median, percentile, round, roundSpread, spread } from '../support/statistics';
import { historyLength, systemBlocks, toolNames } from '../support/turn-workload';

/** A column of the suite: how to run its turn, and how many turns make one sample. */
interface Column {
  readonly label: string;
  /** Turns timed together as one sample (more than 1 only where a turn is too short to time alone). */
  readonly turnsPerSample: number;
  readonly samplesPerRound: number;
  /** Samples of the warm-up round (default `samplesPerRound`). */
  readonly warmUpSamples?: number;
  readonly turn: () => Promise<unknown>;
  /** Untimed work after each sample (the agent rolls the turn back to keep 100 messages of history). */
  readonly afterSample?: () => Promise<unknown>;
}

const flags = readSuiteFlags();
const rounds = flags.rounds ?? (flags.quick ? 4 : 10);
const scale = flags.quick ? 0.25 : 1;
const samples = (count: number) => Math.max(5, Math.round(count * scale));

async function createColumns(): Promise<Record<string, Column>> {
  const aalis = createAalisTurnApp();
  await aalis.seed('session-1');
  return {
    aalis: {
      label: '@aalis/plugin-agent',
      turnsPerSample: 1,
      samplesPerRound: samples(100),
      // Long enough to fill the agent's token-count cache, as in a process that has run a while.
      warmUpSamples: samples(1_500),
      turn: () => aalis.turn('session-1'),
      afterSample: () => aalis.rollbackLastTurn('session-1'),
    },
    aiSdk: {
      label: 'ai generateText (baseline)',
      turnsPerSample: 1,
      samplesPerRound: samples(100),
      turn: createAiSdkTurn(),
    },
    openAiAgents: {
      label: '@openai/agents-core run',
      turnsPerSample: 1,
      samplesPerRound: samples(10),
      turn: createOpenAiAgentsTurn(),
    },
    langGraph: {
      label: 'langgraph createReactAgent',
      turnsPerSample: 1,
      samplesPerRound: samples(16),
      turn: createLangGraphTurn(),
    },
    bareLoop: {
      label: 'bare loop (floor)',
      turnsPerSample: 50,
      samplesPerRound: samples(50),
      turn: createBareLoopTurn(),
    },
  };
}

/** Milliseconds per turn of each sample of one round of `column`. */
async function timeRound(column: Column, warmUp: boolean): Promise<number[]> {
  const times: number[] = [];
  const count = warmUp ? (column.warmUpSamples ?? column.samplesPerRound) : column.samplesPerRound;
  for (let sample = 0; sample < count; sample += 1) {
    const start = performance.now();
    for (let index = 0; index < column.turnsPerSample; index += 1) await column.turn();
    times.push((performance.now() - start) / column.turnsPerSample);
    await column.afterSample?.();
  }
  return times;
}

/**
 * The order of one round: the agent and the baseline back to back (who goes first
 * alternates), so their ratio is taken under the same machine load; then the others, rotated.
 */
function orderOf(names: readonly string[], round: number): string[] {
  const paired = round % 2 === 0 ? ['aalis', 'aiSdk'] : ['aiSdk', 'aalis'];
  const others = names.filter((name) => !paired.includes(name));
  const offset = round % Math.max(others.length, 1);
  return [...paired, ...others.slice(offset), ...others.slice(0, offset)];
}

async function timeColumns(columns: Record<string, Column>) {
  const names = Object.keys(columns);
  const perRound = new Map<string, number[][]>(names.map((name) => [name, []]));
  // Round -1 warms every column up and is not recorded.
  for (let round = -1; round < rounds; round += 1) {
    for (const name of orderOf(names, Math.max(round, 0))) {
      const column = columns[name];
      if (column === undefined) continue;
      const times = await timeRound(column, round < 0);
      if (round >= 0) perRound.get(name)?.push(times);
    }
  }
  return perRound;
}

async function heapPerTurn(column: Column) {
  const turns = column.samplesPerRound * column.turnsPerSample;
  const cost = await measureHeap(async () => {
    for (let sample = 0; sample < column.samplesPerRound; sample += 1) {
      for (let index = 0; index < column.turnsPerSample; index += 1) await column.turn();
      await column.afterSample?.();
    }
  });
  return {
    allocatedBytesPerTurn: Math.round(cost.allocatedBytes / turns),
    retainedBytesPerTurn: Math.round(cost.retainedBytes / turns),
  };
}

async function main(): Promise<void> {
  const all = await createColumns();
  // `--only aalis,aiSdk` keeps some columns (the ratio needs both of those two).
  const columns = Object.fromEntries(
    Object.entries(all).filter(([name]) => flags.only === undefined || flags.only.includes(name)),
  );
  const perRound = await timeColumns(columns);
  const results: Record<string, ColumnFigures & Record<string, unknown>> = {};
  const roundMedians = new Map<string, number[]>();
  for (const [name, column] of Object.entries(columns)) {
    const roundsOfColumn = perRound.get(name) ?? [];
    const all = roundsOfColumn.flat();
    const medians = roundsOfColumn.map((times) => median(times));
    roundMedians.set(name, medians);
    results[name] = {
      label: column.label,
      medianMs: round(median(all), 4),
      p95Ms: round(percentile(all, 0.95), 4),
      medianMsAcrossRounds: roundSpread(spread(medians), 4),
      turnsTimed: all.length * column.turnsPerSample,
      ...(await heapPerTurn(column)),
    };
  }
  const ours = roundMedians.get('aalis') ?? [];
  const theirs = roundMedians.get('aiSdk') ?? [];
  const ratios = ours.map((value, index) => value / (theirs[index] ?? Number.NaN));
  const result = {
    suite: 'per-turn',
    workload: {
      historyMessages: historyLength,
      systemBlocks: systemBlocks.length,
      sequentialToolCalls: toolNames.length,
      modelCallsPerTurn: toolNames.length + 1,
      noopMiddlewaresPerAgentHook: 5,
      archive: 'in-memory',
    },
    rounds,
    columns: results,
    // Paired by round (the two ran back to back), so a slow spell of the machine hits both.
    perTurnVsAiSdkRatio: round(median(ratios)),
    perTurnVsAiSdkRatioAcrossRounds: roundSpread(spread(ratios)),
    allocatedBytesVsAiSdkRatio: round(allocationRatio(results)),
    targets: { perTurnVsAiSdkRatio: 0.5, allocatedBytesVsAiSdkRatio: 0.5 },
    peers: await peerVersions(),
    node: process.version,
  };
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  printResult(result.columns as Record<string, ColumnFigures>, result.perTurnVsAiSdkRatio, rounds);
  console.log(`allocatedBytesVsAiSdkRatio: ${result.allocatedBytesVsAiSdkRatio} (target ≤ 0.5)`);
}

/** Heap allocated per turn by the default agent over the AI SDK's, measured over the same turns. */
function allocationRatio(columns: Record<string, { readonly allocatedBytesPerTurn: number }>): number {
  return (
    (columns.aalis?.allocatedBytesPerTurn ?? Number.NaN) /
    (columns.aiSdk?.allocatedBytesPerTurn ?? Number.NaN)
  );
}

interface ColumnFigures {
  readonly label: string;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly medianMsAcrossRounds: { readonly min: number; readonly max: number };
  readonly allocatedBytesPerTurn: number;
  readonly retainedBytesPerTurn: number;
}

function printResult(columns: Record<string, ColumnFigures>, ratio: number, roundCount: number): void {
  const baseline = columns.aiSdk?.medianMs ?? Number.NaN;
  console.log(
    `per-turn: ${historyLength}-message history, ${systemBlocks.length} system blocks, ${toolNames.length} sequential tool calls + answer; ${roundCount} rounds`,
  );
  printTable(
    ['column', 'median ms', 'p95 ms', 'round medians (min–max)', 'KB alloc/turn', 'B retained/turn', 'vs ai'],
    Object.values(columns).map((column) => [
      column.label,
      column.medianMs.toFixed(4),
      column.p95Ms.toFixed(4),
      `${column.medianMsAcrossRounds.min.toFixed(4)}–${column.medianMsAcrossRounds.max.toFixed(4)}`,
      (column.allocatedBytesPerTurn / 1024).toFixed(1),
      String(column.retainedBytesPerTurn),
      (column.medianMs / baseline).toFixed(2),
    ]),
  );
  console.log(`perTurnVsAiSdkRatio: ${ratio} (target ≤ 0.5)`);
}

await main();
