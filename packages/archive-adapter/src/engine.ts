/**
 * `@aalis/archive-adapter/engine`: what a store of another package needs to keep the same
 * conventions on its own storage. Extend `ArchiveStoreBase` with a `StoreEngine`; the base
 * validates every argument and every row read back, so an engine only moves rows.
 * `@aalis/archive-postgres` is built on it.
 */
export { ArchiveStoreBase } from './archive-store-base';
export type {
  Awaitable,
  MetadataRewrite,
  SelectBackwardOptions,
  SelectSessionOptions,
  StoreEngine,
} from './store-engine';
export { decodeContent, encodeContent, type StoredContent } from './stored-content';
export { duplicateIdError, MESSAGES_TABLE, type NewRow, type StoredRow } from './stored-row';
