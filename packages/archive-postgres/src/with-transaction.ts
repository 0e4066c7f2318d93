import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` on one pooled connection inside `BEGIN … COMMIT` (READ COMMITTED), rolling
 * back when it throws. While the connection is checked out it has an `error` listener: a
 * server that drops it between two statements would otherwise crash the process (the pool
 * listens only to idle connections). A connection that failed is destroyed rather than
 * returned to the pool, so a broken socket is never reused. Not public API.
 */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = await rollback(client, error);
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken ?? lost);
  }
}

/** Rolls back; resolves with an error when the connection is unusable afterwards. */
async function rollback(client: PoolClient, failure: unknown): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch {
    return failure instanceof Error ? failure : new Error(String(failure));
  }
}
