import { classifyPostgresFailure } from './classify-postgres-failure';

/**
 * Runs `work` and rethrows a driver failure about the connection or about time as its typed
 * error (`DatabaseConnectionError`, `DatabaseTimeoutError`) naming `operation`; any other
 * failure is rethrown as it is. Not public API.
 */
export async function withClassifiedFailure<T>(operation: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw classifyPostgresFailure(error, operation) ?? error;
  }
}
