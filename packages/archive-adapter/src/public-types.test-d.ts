import type { TurnInput } from '@aalis/api-agent';
import type { MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ArchiveStore,
  CorruptDatabaseError,
  DatabaseInUseError,
  InMemoryArchiveStore,
  PersistableInput,
  ReadOnlyDatabaseError,
  SqliteArchiveStore,
  StorageOperationError,
  StoreAccess,
  StoreOperation,
  ToolGroupResult,
  TurnWriter,
} from './index';

describe('public types', () => {
  it('both stores are the archive and the memory', () => {
    expectTypeOf<InMemoryArchiveStore>().toExtend<ArchiveStore>();
    expectTypeOf<SqliteArchiveStore>().toExtend<ArchiveStore>();
    expectTypeOf<ArchiveStore>().toExtend<MessageArchiveService & MemoryService>();
  });

  it('[HK-9] turn inputs of @aalis/api-agent are persistable inputs, and the other way round', () => {
    expectTypeOf<TurnInput>().toExtend<PersistableInput>();
    expectTypeOf<PersistableInput>().toExtend<TurnInput>();
    expectTypeOf<Parameters<TurnWriter['archiveOpened']>[0]>().toEqualTypeOf<readonly PersistableInput[]>();
  });

  it('the database errors carry their own codes; a storage failure says which operation and whether it read', () => {
    expectTypeOf<DatabaseInUseError['code']>().toEqualTypeOf<'ARCHIVE_DATABASE_IN_USE'>();
    expectTypeOf<CorruptDatabaseError['code']>().toEqualTypeOf<'ARCHIVE_DATABASE_CORRUPT'>();
    expectTypeOf<ReadOnlyDatabaseError['code']>().toEqualTypeOf<'ARCHIVE_DATABASE_READ_ONLY'>();
    expectTypeOf<StorageOperationError['code']>().toEqualTypeOf<'ARCHIVE_STORAGE_FAILED'>();
    expectTypeOf<StorageOperationError['access']>().toEqualTypeOf<StoreAccess>();
    expectTypeOf<StoreAccess>().toEqualTypeOf<'read' | 'write'>();
    expectTypeOf<'history' | 'append'>().toExtend<StoreOperation>();
  });

  it('[ARC-4] accepts the metadata object of agent:tool:after as it is', () => {
    expectTypeOf<Record<string, unknown>>().toExtend<NonNullable<ToolGroupResult['metadata']>>();
  });
});
