import { ArchiveStorageError, MessageArchiveError } from '@aalis/api-message-archive';
import { describe, expect, it } from 'vitest';
import { CorruptRowError, UnsupportedSchemaVersionError } from './index';

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
