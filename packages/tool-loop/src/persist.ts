import { PersistenceError } from './persistence-error';

/**
 * Runs one persistence operation to its end (a write is not cut off by an abort, so nothing
 * lands after the turn's stop marker); a failure becomes a `PersistenceError`.
 */
export async function persist<T>(operation: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new PersistenceError({ operation, cause: error });
  }
}
