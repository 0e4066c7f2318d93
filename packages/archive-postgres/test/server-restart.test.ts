import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../tools/test-postgres/start-test-server';
import { DatabaseConnectionError, PostgresArchiveStore, PostgresSessionManager } from '../src/index';

// A server of its own: this file stops and starts it, which the shared one must not see.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.destroy();
});

describe('the server restarted mid-run', () => {
  it('calls fail with DatabaseConnectionError while it is down, and work again once it is back, without reopening', async () => {
    const options = {
      connectionString: server.url,
      schema: 'restart',
      poolSize: 3,
      connectionTimeoutMs: 2000,
    };
    const store = await PostgresArchiveStore.open(options);
    const first = await PostgresSessionManager.open(options);
    const second = await PostgresSessionManager.open(options);
    try {
      await store.append('s1', [{ role: 'user', content: 'before' }]);
      await first.ensureSession({ id: 's1' });
      await second.synchronize();

      await server.stop();
      const down = store.append('s1', [{ role: 'user', content: 'while down' }]);
      await expect(down).rejects.toSatisfy(DatabaseConnectionError.isInstance);
      await expect(down).rejects.toMatchObject({ operation: 'append', code: 'ARCHIVE_STORAGE_FAILED' });
      await expect(store.history('s1')).rejects.toSatisfy(DatabaseConnectionError.isInstance);
      await expect(first.deleteSessions(['s1'])).rejects.toSatisfy(DatabaseConnectionError.isInstance);
      expect(second.generationOf('s1')).toBe(0);
      expect(second.getSession('s1')?.id).toBe('s1');

      await server.start();
      await store.append('s1', [{ role: 'user', content: 'after' }]);
      expect((await store.list('s1')).map((message) => message.content)).toEqual(['before', 'after']);
      await first.deleteSessions(['s1']);
      // The second manager reconnects on its own (100 ms, doubling); once it listens again it
      // has reloaded everything and hears every later change.
      await vi.waitFor(() => second.synchronize(), { timeout: 15_000, interval: 100 });
      expect(second.generationOf('s1')).toBe(1);
      expect(second.getSession('s1')).toBeUndefined();
    } finally {
      await Promise.all([store.close(), first.close(), second.close()]);
    }
  });
});
