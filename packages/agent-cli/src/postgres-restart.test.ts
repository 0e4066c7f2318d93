import type { IncomingMessage } from '@aalis/schema-message';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tools/test-postgres/start-test-server';
import { createRecordingOutput } from '../test/recording-output';
import { createAgentApp, openPostgresDatabase } from './index';

// A server of its own: this file stops and starts it, which the run's shared one must not see.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.destroy();
});

const input = (content: string): IncomingMessage => ({
  content,
  sessionId: 's1',
  platform: 'cli',
  userId: 'u1',
});

describe('an agent on PostgreSQL when the server restarts', () => {
  it('[SVC-3] ends the turn during the outage as an error, then replies again without a restart of the agent', async () => {
    const database = await openPostgresDatabase({ url: server.url, schema: 'agent' });
    let turns = 0;
    const app = createAgentApp({
      database,
      output: createRecordingOutput().output,
      agent: { createTurnId: () => `turn-${++turns}` },
    });
    const outcomes: string[] = [];
    app.hooks.middleware('agent:turn:after', async (payload, next) => {
      outcomes.push(payload.outcome);
      await next();
    });
    try {
      await app.sessions.ensureSession({ id: 's1' });
      await app.agent.handleMessage(input('12*7'));
      await server.stop();
      await app.agent.handleMessage(input('12*7'));
      await server.start();
      await app.agent.handleMessage(input('12*7'));
      expect(outcomes).toEqual(['replied', 'error', 'replied']);
      const history = await app.store.history('s1');
      expect(history.map((message) => message.role)).toEqual([
        ...['user', 'assistant', 'tool', 'assistant'],
        ...['user', 'assistant', 'tool', 'assistant'],
      ]);
    } finally {
      await app.stop();
    }
  });
});

describe('an agent on PostgreSQL whose pool hung queries hold', () => {
  it('[SVC-3] ends the turn as an error instead of hanging, and replies again once the queries end', async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 3, connectionTimeoutMillis: 300 });
    pool.on('error', () => undefined);
    const database = await openPostgresDatabase({ url: server.url, schema: 'pool', connection: { pool } });
    const app = createAgentApp({ database, output: createRecordingOutput().output });
    const ends: { outcome: string; error?: unknown }[] = [];
    app.hooks.middleware('agent:turn:after', async (payload, next) => {
      ends.push({ outcome: payload.outcome, error: payload.error });
      await next();
    });
    const hung = [1, 2].map(() => pool.query('SELECT pg_sleep(60)').catch((error: unknown) => error));
    try {
      // The session manager listens on the third connection; the two others are hung.
      await app.agent.handleMessage(input('12*7'));
      expect(ends).toEqual([{ outcome: 'error', error: expect.stringMatching(/./) }]);
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query(
        "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(60)'",
      );
      await admin.end();
      await Promise.all(hung);
      await app.agent.handleMessage(input('12*7'));
      expect(ends.map((end) => end.outcome)).toEqual(['error', 'replied']);
    } finally {
      await app.stop();
      await pool.end();
    }
  });
});
