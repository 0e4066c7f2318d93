// Brings the module into the program so that the augmentation below can find it.
import type {} from '@aalis/api-hooks';

/**
 * Payload of the `memory:clear` hook: the sessions whose history is cleared (`undefined`:
 * every session). Middlewares clean their own data around `next()`; the default action
 * (innermost) clears the stored history ([CLR-1], [CLR-4]).
 */
export interface MemoryClearPayload {
  readonly sessionIds: readonly string[] | undefined;
}

declare module '@aalis/api-hooks' {
  interface HookContextMap {
    /** Clearing the history of some or all sessions; see `MemoryClearPayload`. */
    'memory:clear': MemoryClearPayload;
  }
}
