import { ArchiveStorageError, MessageArchiveError } from '@aalis/api-message-archive';
import { describe, expect, it } from 'vitest';
import {
  CorruptDatabaseError,
  CorruptRowError,
  DatabaseInUseError,
  ReadOnlyDatabaseError,
  StorageOperationError,
  UnsupportedSchemaVersionError,
} from './index';

describe('archive adapter errors', () => {
  it('a corrupt row error names table, row and message, keeps its cause and is a storage error', () => {
    const cause = new Error('metadata: not valid JSON');
    const error = new CorruptRowError({ table: 'messages', rowId: 7, messageId: 'm7', cause });
    expect(error).toMatchObject({
      code: 'ARCHIVE_STORAGE_FAILED',
      table: 'messages',
      rowId: 7,
      messageId: 'm7',
    });
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('corrupt row 7 in table messages (message m7): metadata: not valid JSON');
    expect(CorruptRowError.isInstance(error)).toBe(true);
    expect(ArchiveStorageError.isInstance(error)).toBe(true);
    expect(MessageArchiveError.isInstance(error)).toBe(true);
    expect(UnsupportedSchemaVersionError.isInstance(error)).toBe(false);
  });

  it('recognises errors of another installed copy by brand, code and name', () => {
    const foreign = Object.assign(new Error('x'), {
      code: 'ARCHIVE_STORAGE_FAILED',
      name: 'CorruptRowError',
    });
    Object.defineProperty(foreign, Symbol.for('@aalis/api-message-archive/error'), { value: true });
    expect(CorruptRowError.isInstance(foreign)).toBe(true);
    expect(CorruptRowError.isInstance(new Error('plain'))).toBe(false);
  });

  it('an unsupported schema version error says which version was found and which is supported', () => {
    const error = new UnsupportedSchemaVersionError({ foundVersion: 9, supportedVersion: 2 });
    expect(error.message).toContain('9');
    expect(error).toMatchObject({ foundVersion: 9, supportedVersion: 2, code: 'ARCHIVE_STORAGE_FAILED' });
    expect(UnsupportedSchemaVersionError.isInstance(error)).toBe(true);
  });
});

describe('database errors', () => {
  const brand = Symbol.for('@aalis/api-message-archive/error');
  const foreign = (fields: Record<string, unknown>) => {
    const error = Object.assign(new Error('x'), fields);
    Object.defineProperty(error, brand, { value: true });
    return error;
  };

  it('DatabaseInUseError names the file and the holder, with its own code, and is recognised across copies', () => {
    const holder = {
      ownerId: 'o',
      pid: 42,
      hostname: 'box',
      startedAt: 0,
      heartbeatAt: 1000,
      expiryMs: 10_000,
    };
    const error = new DatabaseInUseError({ path: '/data/h.db', holder, now: 2500 });
    expect(error).toMatchObject({
      code: 'ARCHIVE_DATABASE_IN_USE',
      path: '/data/h.db',
      holder,
      heartbeatAgeMs: 1500,
    });
    expect(error.message).toBe(
      'the archive database /data/h.db is in use by process 42 on host box (last heartbeat 1.5 s ago). ' +
        'Stop that process, or use another database file (open with exclusive: false only to read it).',
    );
    expect(MessageArchiveError.isInstance(error)).toBe(true);
    expect(ArchiveStorageError.isInstance(error)).toBe(false);
    expect(DatabaseInUseError.isInstance(foreign({ code: 'ARCHIVE_DATABASE_IN_USE' }))).toBe(true);
    expect(DatabaseInUseError.isInstance(foreign({ code: 'ARCHIVE_DATABASE_CORRUPT' }))).toBe(false);
  });

  it('DatabaseInUseError of a write says the store lost the file', () => {
    const error = new DatabaseInUseError({ path: 'h.db', holder: undefined, now: 0, operation: 'append' });
    expect(error.message).toBe(
      'append failed (write): this store no longer holds the archive database h.db; another process took it over. ' +
        'Close this store: another process serves the file now.',
    );
    expect(error.heartbeatAgeMs).toBeUndefined();
  });

  it('CorruptDatabaseError and ReadOnlyDatabaseError have their own codes and are recognised across copies', () => {
    const corrupt = new CorruptDatabaseError({ path: 'h.db', problems: ['file is not a database'] });
    expect(corrupt).toMatchObject({ code: 'ARCHIVE_DATABASE_CORRUPT', problems: ['file is not a database'] });
    expect(CorruptDatabaseError.isInstance(foreign({ code: 'ARCHIVE_DATABASE_CORRUPT' }))).toBe(true);
    const readOnly = new ReadOnlyDatabaseError({ path: 'h.db' });
    expect(readOnly).toMatchObject({
      code: 'ARCHIVE_DATABASE_READ_ONLY',
      operation: undefined,
      requested: false,
    });
    expect(readOnly.message).toMatch(/^the archive database h\.db is read-only for this process/);
    expect(ReadOnlyDatabaseError.isInstance(foreign({ code: 'ARCHIVE_DATABASE_READ_ONLY' }))).toBe(true);
    expect(ReadOnlyDatabaseError.isInstance(corrupt)).toBe(false);
  });

  it('StorageOperationError says read or write in its message and fields, and is a storage error', () => {
    const cause = new Error('disk I/O error');
    const read = new StorageOperationError({ operation: 'timeline', cause });
    expect(read).toMatchObject({
      operation: 'timeline',
      access: 'read',
      code: 'ARCHIVE_STORAGE_FAILED',
      cause,
    });
    expect(read.message).toBe('timeline failed (read): disk I/O error');
    expect(new StorageOperationError({ operation: 'clear', reason: 'closed' }).message).toBe(
      'clear failed (write): closed',
    );
    expect(ArchiveStorageError.isInstance(read)).toBe(true);
    expect(
      StorageOperationError.isInstance(
        foreign({ code: 'ARCHIVE_STORAGE_FAILED', name: 'StorageOperationError' }),
      ),
    ).toBe(true);
    expect(StorageOperationError.isInstance(new CorruptRowError({ table: 't', rowId: 1, cause }))).toBe(
      false,
    );
  });
});
