import type { SessionDeletedEvent } from './session-deleted-event';

/** The part of the agent the delete flow needs (an `AgentService` fits). */
export interface SessionClearingAgent {
  clearing(
    sessionIds: readonly string[] | undefined,
    clear: () => Promise<unknown>,
    reason?: string,
  ): Promise<void>;
}

/** The steps of {@link deleteSessionFlow}, supplied by the session manager. */
export interface DeleteSessionFlowOptions {
  /** The sessions to delete. */
  readonly sessionIds: readonly string[];
  /** The agent, or `undefined` when none is present (then `clear` runs directly). */
  readonly agent: SessionClearingAgent | undefined;
  /** Moves a session to a new generation; returns the generation being deleted ([DEL-2]). */
  readonly advanceGeneration: (sessionId: string) => number;
  /** Deletes the child sessions of these sessions at every level; resolves with their ids. */
  readonly deleteChildren: (sessionIds: readonly string[]) => Promise<readonly string[]>;
  /** Emits `session:deleted` and waits for its listeners ([DEL-1]). */
  readonly emitDeleted: (event: SessionDeletedEvent) => void | Promise<void>;
  /** Runs the whole `memory:clear` chain for these sessions (e.g. `runMemoryClear` of api-memory). */
  readonly runMemoryClear: (sessionIds: readonly string[]) => Promise<void>;
  /** Written only into the agent's turn-end log line ([ABT-5]). */
  readonly reason?: string;
}

/**
 * Deletes sessions the way the agent contract expects. The generations of the sessions
 * advance first, so inputs received before the deletion started are released ([DEL-2]).
 * Then the agent's `clearing` stops and holds the sessions and runs the cleanup: delete the
 * child sessions at every level, emit `session:deleted` for each child and each session
 * (waiting for the listeners), then run the `memory:clear` chain for all of them
 * ([CLR-1], [CLR-5], [DEL-1]). Resolves with every deleted id (children first); rejects
 * with the first failure, after the agent released its hold ([CLR-6]).
 */
export async function deleteSessionFlow(options: DeleteSessionFlowOptions): Promise<readonly string[]> {
  const generations = new Map<string, number>();
  for (const sessionId of options.sessionIds)
    generations.set(sessionId, options.advanceGeneration(sessionId));
  let deleted: readonly string[] = [];
  const clear = async () => {
    const children = await options.deleteChildren(options.sessionIds);
    for (const child of children) generations.set(child, options.advanceGeneration(child));
    deleted = [...children, ...options.sessionIds];
    for (const sessionId of deleted) {
      await options.emitDeleted({ sessionId, generation: generations.get(sessionId) ?? 0 });
    }
    await options.runMemoryClear(deleted);
  };
  if (options.agent === undefined) await clear();
  else await options.agent.clearing(options.sessionIds, clear, options.reason);
  return deleted;
}
