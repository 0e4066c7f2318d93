import type { Database } from 'better-sqlite3';
import { CorruptDatabaseError } from './corrupt-database-error';

/**
 * Runs `PRAGMA quick_check` (every page and b-tree of the file, not the index contents) and
 * throws `CorruptDatabaseError` with the first problems it reports. Linear in the file size.
 * Not public API.
 */
export function checkDatabaseIntegrity(database: Database, path: string): void {
  const rows = database.pragma('quick_check(10)') as { quick_check: string }[];
  const problems = rows.map((row) => row.quick_check);
  if (problems.length === 1 && problems[0] === 'ok') return;
  throw new CorruptDatabaseError({ path, problems });
}
