import type { Message } from '@aalis/schema-message';

/** Options of `MemoryService.history`. */
export interface HistoryOptions {
  /** At most this many messages, the most recent ones; absent or `0` means no limit ([USG-6]). */
  readonly limit?: number;
}

/**
 * The memory service: what a model sees of a session's past. Optional for the agent:
 * without one, turns run with no history ([SVC-5]).
 */
export interface MemoryService {
  /**
   * The active history a model should see, oldest first: conversation messages, tool-call
   * groups and stop markers (`turn-stopped`), without event markers ([ARC-9]) and without
   * what a compaction has replaced.
   */
  history(sessionId: string, options?: HistoryOptions): Promise<Message[]>;
  /**
   * How many messages the active history holds, counting conversation only: control kinds
   * (`CONTROL_KINDS` of schema-message) are left out ([USG-5]).
   */
  countHistory(sessionId: string): Promise<number>;
  /**
   * Deletes the stored history of these sessions (`undefined`: of every session). This is
   * the default action of the `memory:clear` chain; callers run the chain with
   * `runMemoryClear` rather than calling it directly.
   */
  clearHistory(sessionIds: readonly string[] | undefined): Promise<void>;
}
