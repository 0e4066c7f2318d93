/** The store methods that touch storage, as named in their errors. */
export type StoreOperation =
  | 'archiveIncoming'
  | 'append'
  | 'updateMetadata'
  | 'rollback'
  | 'clear'
  | 'list'
  | 'get'
  | 'history'
  | 'countHistory'
  | 'timeline';

/** Whether an operation only reads (`read`) or changes stored messages (`write`). */
export type StoreAccess = 'read' | 'write';

const READ_OPERATIONS: ReadonlySet<StoreOperation> = new Set([
  'list',
  'get',
  'history',
  'countHistory',
  'timeline',
]);

/** The access of an operation: `read` for list, get, history, countHistory and timeline. */
export function storeAccess(operation: StoreOperation): StoreAccess {
  return READ_OPERATIONS.has(operation) ? 'read' : 'write';
}
