import { describe, expect, it } from 'vitest';
import { ArchivedMessageNotFoundError, ArchiveStorageError, MessageArchiveError } from './index';

describe('message archive errors', () => {
  it('names the missing message and carries the MESSAGE_NOT_FOUND code', () => {
    const error = new ArchivedMessageNotFoundError('msg-1');
    expect(error.code).toBe('MESSAGE_NOT_FOUND');
    expect(error.messageId).toBe('msg-1');
    expect(error.message).toContain('msg-1');
    expect(ArchivedMessageNotFoundError.isInstance(error)).toBe(true);
    expect(ArchiveStorageError.isInstance(error)).toBe(false);
  });

  it('keeps the underlying failure of a storage error as cause', () => {
    const cause = new Error('SQLITE_FULL');
    const error = new ArchiveStorageError('append failed', { cause });
    expect(error.code).toBe('ARCHIVE_STORAGE_FAILED');
    expect(error.cause).toBe(cause);
    expect(MessageArchiveError.isInstance(error)).toBe(true);
  });

  it('recognises errors branded by another installed copy of the package', () => {
    const foreign = Object.assign(new Error('x'), { code: 'MESSAGE_NOT_FOUND' });
    Object.defineProperty(foreign, Symbol.for('@aalis/api-message-archive/error'), { value: true });
    expect(ArchivedMessageNotFoundError.isInstance(foreign)).toBe(true);
    expect(MessageArchiveError.isInstance(new Error('plain'))).toBe(false);
  });
});
