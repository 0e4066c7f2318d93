import type { TurnInput } from '@aalis/api-agent';
import type { MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ArchiveStore,
  InMemoryArchiveStore,
  PersistableInput,
  SqliteArchiveStore,
  ToolGroupResult,
  TurnPersistence,
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
    expectTypeOf<Parameters<TurnPersistence['archiveOpened']>[0]['inputs']>().toEqualTypeOf<
      readonly PersistableInput[]
    >();
  });

  it('[ARC-4] accepts the metadata object of agent:tool:after as it is', () => {
    expectTypeOf<Record<string, unknown>>().toExtend<NonNullable<ToolGroupResult['metadata']>>();
  });
});
