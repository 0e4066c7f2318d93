/**
 * Three agent processes serving one set of sessions over PostgreSQL, end to end:
 * `npm run example -w @aalis/agent-cluster` (with `DATABASE_URL=postgres://…` it uses that
 * server, in a schema of its own that it drops afterwards; without, it starts a throwaway one
 * on 127.0.0.1). It sends each of ten sessions' messages to random processes, shows which
 * process served each turn, then SIGKILLs one process in the middle of a conversation and shows
 * another taking its sessions over once their leases ran out.
 */
import { migratePostgres } from '@aalis/archive-postgres';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../../tools/test-postgres/start-test-server';
import { type ClusterProcess, startClusterProcess } from '../support/cluster-process';
import type { NodeReport } from '../support/node-protocol';

const LEASE_TTL_MS = 2000;
const sessions = Array.from({ length: 10 }, (_, index) => `chat-${index}`);

const external = process.env.DATABASE_URL;
const server: TestServer | undefined = external === undefined ? await startTestServer() : undefined;
const url = external ?? (server as TestServer).url;
const schema = `cluster_example_${process.pid}`;
const admin = new pg.Pool({ connectionString: url, max: 1 });
await migratePostgres({ pool: admin, schema });

const servedBy = new Map<string, string>();
const settled = new Map<string, () => void>();
const onReport = (name: string, report: NodeReport) => {
  if (report.kind === 'turn' && report.phase === 'before') {
    servedBy.set(report.sessionId, name);
    console.log(`  ${name} opens a turn of ${report.sessionId} for ${report.messageIds.join(', ')}`);
  }
  if (report.kind === 'settled') settled.get(report.messageId)?.();
};
const env = { CLUSTER_URL: url, CLUSTER_SCHEMA: schema, CLUSTER_TTL_MS: String(LEASE_TTL_MS) };
const processes: ClusterProcess[] = [];
for (const name of ['alpha', 'beta', 'gamma'])
  processes.push(await startClusterProcess({ name, env, onReport }));
console.log(
  `three processes on ${external === undefined ? 'a local PostgreSQL' : 'DATABASE_URL'}, schema ${schema}`,
);

/** Sends one message of each session to a random live process and waits until all settled. */
async function round(label: string, live: readonly ClusterProcess[]): Promise<void> {
  console.log(label);
  await Promise.all(
    sessions.map((sessionId) => {
      const target = live[Math.floor(Math.random() * live.length)] as ClusterProcess;
      const messageId = `${sessionId}/${label}@${target.name}`;
      const done = new Promise<void>((resolve) => settled.set(messageId, resolve));
      target.tell({ kind: 'send', sessionId, messageId, content: label });
      return done;
    }),
  );
}

try {
  await round('first messages', processes);
  await round('second messages', processes);
  const victim = processes.find((candidate) =>
    [...servedBy.values()].includes(candidate.name),
  ) as ClusterProcess;
  const orphaned = sessions.filter((sessionId) => servedBy.get(sessionId) === victim.name);
  await victim.kill();
  const survivors = processes.filter((candidate) => candidate !== victim);
  console.log(`SIGKILLed ${victim.name}, which served ${orphaned.join(', ')}`);
  const started = Date.now();
  await round('third messages', survivors);
  console.log(
    `every message settled ${Date.now() - started} ms after the kill (leases last ${LEASE_TTL_MS} ms); ` +
      `${orphaned.map((sessionId) => `${sessionId} → ${servedBy.get(sessionId)}`).join(', ')}`,
  );
} finally {
  await Promise.allSettled(processes.map((candidate) => candidate.stop()));
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
  await server?.destroy();
}
