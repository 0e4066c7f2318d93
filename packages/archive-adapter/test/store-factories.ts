import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import {
  type ArchiveStore,
  type ArchiveStoreOptions,
  InMemoryArchiveStore,
  SqliteArchiveStore,
} from '../src/index';

/** A way to make a fresh, empty store for one test. */
export interface StoreFactory {
  readonly name: string;
  create(options?: ArchiveStoreOptions): ArchiveStore;
}

let directory: string | undefined;
let fileCount = 0;

// Registered while the importing test file is collected, so it runs after that file.
afterAll(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
});

/** A fresh database file in a temporary directory removed after the test file. */
export function temporaryDatabasePath(): string {
  directory ??= mkdtempSync(join(tmpdir(), 'archive-adapter-'));
  fileCount += 1;
  return join(directory, `store-${fileCount}.sqlite`);
}

/** Every store the package ships: the shared suites run against each. */
export const storeFactories: readonly StoreFactory[] = [
  { name: 'InMemoryArchiveStore', create: (options) => new InMemoryArchiveStore(options) },
  {
    name: 'SqliteArchiveStore (:memory:)',
    create: (options) => new SqliteArchiveStore({ ...options, path: ':memory:' }),
  },
  {
    name: 'SqliteArchiveStore (file)',
    create: (options) => new SqliteArchiveStore({ ...options, path: temporaryDatabasePath() }),
  },
];

/** A clock that returns 1000, 1001, 1002, … */
export function steppingClock(start = 1000): () => number {
  let now = start;
  return () => now++;
}

/** Ids `m1`, `m2`, … */
export function sequentialIds(prefix = 'm'): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}
