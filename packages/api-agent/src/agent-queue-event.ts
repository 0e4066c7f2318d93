import type {} from '@aalis/core';
import type { IncomingMessage } from '@aalis/schema-message';

/**
 * Payload of `agent:queue`: the session's queued and pending-insert inputs that passed
 * per-input processing, in enqueue order; emitted on enqueue, when inputs enter a turn and
 * when inputs are released ([SCH-8]).
 */
export interface AgentQueueEvent {
  readonly sessionId: string;
  readonly waiting: readonly IncomingMessage[];
}

declare module '@aalis/core' {
  interface EventMap {
    /** The session's waiting inputs changed; see `AgentQueueEvent`. */
    'agent:queue': AgentQueueEvent;
  }
}
