export { memory } from './memory';
export type { MemoryClearPayload } from './memory-clear-payload';
export type { HistoryOptions, MemoryService } from './memory-service';
export type { MemoryClearHookRunner, RunMemoryClearOptions } from './run-memory-clear';
export { runMemoryClear } from './run-memory-clear';
