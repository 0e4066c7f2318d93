import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratePostgres } from '@aalis/archive-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { checkClusterHistory } from '../../../../tools/cluster-invariants/check-cluster-history';
import { testDatabaseUrl, uniqueSchema } from '../../../../tools/test-postgres/test-database';
import { type ClusterProcess, startClusterProcess } from '../../support/cluster-process';
import type { NodeReport } from '../../support/node-protocol';
import { buildHistory, installLeaseLog, outcomeCounts, type RunRecord, takeoverDelays } from './observe-run';

const SESSIONS = 200;
const ACTIONS = 900;
const LEASE_TTL_MS = 1500;

const started: ClusterProcess[] = [];
afterAll(async () => {
  await Promise.allSettled(started.map((process) => process.stop()));
});

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('sessions across processes: three real processes on one PostgreSQL ([DUR-3])', () => {
  it('keeps every invariant through random inputs, aborts, clearing and a SIGKILLed and restarted process', async () => {
    const url = await testDatabaseUrl();
    const schema = uniqueSchema('cluster');
    const admin = new pg.Pool({ connectionString: url, max: 2 });
    await migratePostgres({ pool: admin, schema });
    await installLeaseLog(admin, schema);
    const run: RunRecord = {
      receivedBy: new Map(),
      reports: [],
      owners: new Map(),
      processes: [],
      leaseTtlMs: LEASE_TTL_MS,
    };
    // The turns each process runs now, from its reports.
    const running = new Map<string, Set<string>>();
    const onReport = (process: string, report: NodeReport) => {
      run.reports.push({ process, report });
      if (report.kind === 'ready') run.owners.set(report.owner, process);
      if (report.kind !== 'turn') return;
      const turns = running.get(process) ?? new Set<string>();
      running.set(process, turns);
      if (report.phase === 'before') turns.add(report.turnId);
      else turns.delete(report.turnId);
    };
    const env = { CLUSTER_URL: url, CLUSTER_SCHEMA: schema, CLUSTER_TTL_MS: String(LEASE_TTL_MS) };
    const start = async (name: string, own: Record<string, string> = {}) => {
      const process = await startClusterProcess({ name, env: { ...env, ...own }, onReport });
      started.push(process);
      run.processes.push({ id: name });
      return process;
    };
    // p2's model answers after 50 ms: a turn of it runs at almost any moment it is busy.
    const live = [await start('p1'), await start('p2', { CLUSTER_MODEL_DELAY_MS: '50' }), await start('p3')];
    const sessions = Array.from({ length: SESSIONS }, (_, index) => `s${index}`);
    const counts = { sent: 0, aborts: 0, clearings: 0 };
    let victimKilled = false;
    for (let action = 0; action < ACTIONS; action += 1) {
      // From half way, p2 is killed as soon as one of its turns runs: the failover of a busy
      // session is then always checked, whatever the random inputs left on it.
      if (!victimKilled && action >= Math.floor(ACTIONS / 2) && (running.get('p2')?.size ?? 0) > 0) {
        victimKilled = true;
        const victim = live.splice(1, 1)[0] as ClusterProcess;
        const killedAt = await victim.kill();
        run.processes.splice(
          run.processes.findIndex((entry) => entry.id === victim.name),
          1,
          { id: victim.name, killedAt },
        );
        // Restarted a second later, as a new process.
        setTimeout(() => {
          void start('p2-restarted').then((process) => live.push(process));
        }, 1000);
      }
      const process = pick(live);
      const roll = Math.random();
      if (roll < 0.9) {
        const messageId = `m${action}`;
        const sessionId = pick(sessions);
        run.receivedBy.set(messageId, process.name);
        process.tell({ kind: 'send', sessionId, messageId, content: `input ${action}` });
        counts.sent += 1;
      } else if (roll < 0.98) {
        process.tell({ kind: 'abort', sessionId: pick(sessions), queued: Math.random() < 0.5 });
        counts.aborts += 1;
      } else {
        process.tell({ kind: 'clear', sessionIds: [pick(sessions), pick(sessions)] });
        counts.clearings += 1;
      }
      await pause(Math.floor(Math.random() * 4));
    }
    expect(victimKilled, 'p2 ran a turn in the second half of the run, and was killed then').toBe(true);
    // Every input received by a process alive at the end settles.
    const killed = new Set(
      run.processes.filter((entry) => entry.killedAt !== undefined).map((entry) => entry.id),
    );
    const awaited = [...run.receivedBy]
      .filter(([, name]) => !killed.has(name))
      .map(([messageId]) => messageId);
    const settledIds = () =>
      new Set(run.reports.flatMap(({ report }) => (report.kind === 'settled' ? [report.messageId] : [])));
    await expect
      .poll(() => awaited.filter((messageId) => !settledIds().has(messageId)).length, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(0);
    await Promise.allSettled(started.map((process) => process.stop()));
    const history = await buildHistory(admin, schema, run);
    const outcomes = await outcomeCounts(admin, schema);
    const verdict = checkClusterHistory(history);
    const victim = run.processes.find((entry) => entry.killedAt !== undefined);
    const victimOwner = [...run.owners].find(([, name]) => name === victim?.id)?.[0] ?? '';
    const delays = await takeoverDelays(admin, schema, victimOwner, victim?.killedAt ?? 0);
    await admin.end();
    console.log(
      `cluster run: ${JSON.stringify(counts)}, outcomes ${JSON.stringify(outcomes)}, ${history.turns.length} turns, ${history.releases.length} released, ` +
        `${history.writes.length} fenced writes, ${history.acquisitions.length} lease acquisitions; ` +
        `the killed process's ${delays.length} sessions taken over after ${percentile(delays, 0.5)} ms (median), ` +
        `${percentile(delays, 1)} ms (max); checked ${JSON.stringify(verdict.checked)}`,
    );
    if (verdict.violations.length > 0) {
      const dump = join(tmpdir(), `cluster-run-${schema}.json`);
      writeFileSync(dump, JSON.stringify({ history, reports: run.reports }));
      console.log(`the run's history is in ${dump}`);
    }
    expect(verdict.violations.slice(0, 10)).toEqual([]);
    for (const count of Object.values(verdict.checked)) expect(count).toBeGreaterThan(0);
    // Inputs the killed process had received and not enqueued yet died with their callers.
    expect(history.inputs.length).toBeGreaterThanOrEqual(awaited.length);
  }, 180_000);
});
