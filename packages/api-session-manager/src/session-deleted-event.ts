import type {} from '@aalis/core';

/**
 * Payload of the `session:deleted` event. `generation` is the generation that was deleted:
 * the value `generationOf` returned before the deletion started; inputs received under it
 * are released, not archived ([DEL-2]). Listeners may return a promise; the session manager
 * waits for it before clearing data, and the agent's listener resolves once the session's
 * running turn ended ([DEL-1]).
 */
export interface SessionDeletedEvent {
  readonly sessionId: string;
  readonly generation: number;
}

declare module '@aalis/core' {
  interface EventMap {
    /** A session is being deleted; see `SessionDeletedEvent`. */
    'session:deleted': SessionDeletedEvent;
  }
}
