import type {} from '@aalis/core';

/**
 * Payload of `token:request`: asks the agent for one usage snapshot per session (`undefined`:
 * every session with state). Answered by `token:usage` events with `snapshot: true`, without
 * a model call or turn id, prompt contributions built with `dryRun: true` ([USG-8], [TID-4]).
 */
export interface TokenRequestEvent {
  readonly sessionIds?: readonly string[];
}

declare module '@aalis/core' {
  interface EventMap {
    /** Asks for usage snapshots; see `TokenRequestEvent`. */
    'token:request': TokenRequestEvent;
  }
}
