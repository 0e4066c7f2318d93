import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl, uniqueSchema } from '../../../tools/test-postgres/test-database';
import { PostgresSessionManager, type PostgresSessionManagerOptions } from '../src/index';
import { openSlowLink, type SlowLink } from './fixtures/slow-link';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(options: PostgresSessionManagerOptions): Promise<PostgresSessionManager> {
  const manager = await PostgresSessionManager.open({ poolSize: 3, ...options });
  cleanups.push(() => manager.close());
  return manager;
}

async function slowLink(delayMs: number): Promise<SlowLink> {
  const link = await openSlowLink(await testDatabaseUrl(), delayMs);
  cleanups.push(() => link.close());
  return link;
}

/** Starts a process holding a session manager on the schema; resolves once it listens. */
function startHolder(url: string, schema: string, ttlMs: number) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@aalis/source',
      '--import',
      'tsx',
      'test/fixtures/hold-session-manager.ts',
      url,
      schema,
      String(ttlMs),
    ],
    { cwd: packageDirectory, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('ready')) resolve();
    });
    child.on('close', () => reject(new Error(`the holder ended: ${errors}`)));
  });
  const killed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const kill = () => {
    child.kill('SIGKILL');
    return killed;
  };
  return { ready, kill };
}

describe('generations acknowledged across processes', () => {
  it('[DEL-2] deleteSessions stops the sessions only once a process on a slow link applied the new generation', async () => {
    const url = await testDatabaseUrl();
    const schema = uniqueSchema('ack');
    const link = await slowLink(60);
    const remote = await open({ connectionString: link.url, schema });
    const seenByRemote: number[] = [];
    const deleting = await open({
      connectionString: url,
      schema,
      agent: () => ({
        clearing: async (sessionIds, clear) => {
          seenByRemote.push(...(sessionIds ?? []).map((id) => remote.generationOf(id)));
          await clear();
        },
      }),
      emitDeleted: (event) => {
        seenByRemote.push(remote.generationOf(event.sessionId));
      },
    });
    await deleting.ensureSession({ id: 'parent' });
    await deleting.ensureSession({ id: 'child', kind: 'subtask', parentId: 'parent' });
    await deleting.deleteSessions(['parent']);
    // Without the acknowledgement the notification is still on the slow link at these points.
    expect(seenByRemote).toEqual([1, 1, 1]);
    expect(remote.generationOf('child')).toBe(1);
    await deleting.deleteSessions(['parent']);
    expect(remote.generationOf('parent')).toBe(2);
  });

  it('[DEL-2] a manager opened after a deletion starts from its generations and acknowledges the next one', async () => {
    const url = await testDatabaseUrl();
    const schema = uniqueSchema('ack');
    const deleting = await open({ connectionString: url, schema });
    await deleting.deleteSessions(['s1']);
    const link = await slowLink(60);
    const late = await open({ connectionString: link.url, schema });
    expect(late.generationOf('s1')).toBe(1);
    await deleting.deleteSessions(['s1', 's2']);
    expect([late.generationOf('s1'), late.generationOf('s2')]).toEqual([2, 1]);
  });

  it('[DEL-2] a process killed while listening holds a deletion back no longer than its lifetime', async () => {
    const url = await testDatabaseUrl();
    const schema = uniqueSchema('ack');
    const deleting = await open({ connectionString: url, schema, listenerTtlMs: 400 });
    const holder = startHolder(url, schema, 400);
    await holder.ready;
    await holder.kill();
    await deleting.deleteSessions(['s1']);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    cleanups.push(() => client.end());
    const rows = await client.query(`SELECT count(*)::int AS n FROM "${schema}".session_listeners`);
    // The deleting manager's row, and the dead one's until it was silent for ten lifetimes.
    expect(rows.rows[0]?.n).toBe(2);
    const next = await open({ connectionString: url, schema, listenerTtlMs: 400 });
    expect(next.generationOf('s1')).toBe(1);
  });

  it('forgets its record when closed, and refuses a lifetime too short to heartbeat', async () => {
    const url = await testDatabaseUrl();
    const schema = uniqueSchema('ack');
    const first = await PostgresSessionManager.open({ connectionString: url, schema });
    await first.close();
    const second = await open({ connectionString: url, schema });
    await second.deleteSessions(['s1']);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    cleanups.push(() => client.end());
    const rows = await client.query(`SELECT count(*)::int AS n FROM "${schema}".session_listeners`);
    expect(rows.rows[0]?.n).toBe(1);
    await expect(open({ connectionString: url, schema, listenerTtlMs: 10 })).rejects.toThrow(TypeError);
  });
});
