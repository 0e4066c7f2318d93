import { ArchiveStorageError, MessageArchiveError } from '@aalis/api-message-archive';
import { CorruptDatabaseError } from './corrupt-database-error';
import { ReadOnlyDatabaseError } from './read-only-database-error';

/**
 * The typed error for a failure while opening the file at `path`: a damaged file is a
 * `CorruptDatabaseError`, one this process cannot write a `ReadOnlyDatabaseError`, anything
 * else an `ArchiveStorageError` (`cannot open the archive database …`). Not public API.
 */
export function openFailure(error: unknown, path: string): Error {
  if (MessageArchiveError.isInstance(error)) return error;
  const code = (error as { code?: unknown }).code;
  const reason = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT'))) {
    return new CorruptDatabaseError({ path, problems: [reason], cause: error });
  }
  if (typeof code === 'string' && code.startsWith('SQLITE_READONLY')) {
    return new ReadOnlyDatabaseError({ path, cause: error });
  }
  return new ArchiveStorageError(`cannot open the archive database ${path}: ${reason}`, { cause: error });
}
