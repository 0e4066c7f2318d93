import type { MemoryClearPayload } from './memory-clear-payload';
import type { MemoryService } from './memory-service';

/** The part of the hooks service `runMemoryClear` needs: running one hook with a default action. */
export interface MemoryClearHookRunner {
  run(
    name: 'memory:clear',
    payload: MemoryClearPayload,
    defaultAction: (payload: MemoryClearPayload) => Promise<void>,
  ): Promise<unknown>;
}

/** Options of {@link runMemoryClear}. */
export interface RunMemoryClearOptions {
  /** The hooks that run the `memory:clear` middlewares (e.g. `hooks.use`). */
  readonly hooks: MemoryClearHookRunner;
  /** The memory whose `clearHistory` is the default action; `undefined` when none is present. */
  readonly memory: Pick<MemoryService, 'clearHistory'> | undefined;
  /** The sessions to clear; `undefined` clears every session ([CLR-3]). */
  readonly sessionIds: readonly string[] | undefined;
}

/**
 * Runs the whole `memory:clear` chain: every middleware, and innermost the default action
 * that clears the stored history of the payload's sessions. This is the `clear` a caller of
 * `AgentService.clearing` hands over ([CLR-1]).
 */
export async function runMemoryClear(options: RunMemoryClearOptions): Promise<void> {
  const { hooks, memory } = options;
  await hooks.run('memory:clear', { sessionIds: options.sessionIds }, async (payload) => {
    await memory?.clearHistory(payload.sessionIds);
  });
}
