import { PersistenceError } from './persistence-error';

/**
 * Runs one persistence operation to its end (a write is not cut off by an abort, so nothing
 * lands after the turn's stop marker); a failure becomes a `PersistenceError` that says
 * whether it read or wrote.
 */
export async function persist<T>(
  operation: string,
  work: () => Promise<T>,
  access: 'read' | 'write' = 'write',
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new PersistenceError({ operation, cause: error, access });
  }
}
