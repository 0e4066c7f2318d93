import type { ArchiveStoreOptions } from './archive-store';
import { ArchiveStoreBase } from './archive-store-base';
import { InMemoryEngine } from './in-memory-engine';

/**
 * An `ArchiveStore` held in the process's memory: for tests, tools and agents that need no
 * history across restarts. It keeps the same rows as `SqliteArchiveStore` (JSON text,
 * validated on read) and behaves the same; its contents are lost on `close()`.
 */
export class InMemoryArchiveStore extends ArchiveStoreBase {
  constructor(options: ArchiveStoreOptions = {}) {
    super(new InMemoryEngine(), options);
  }
}
