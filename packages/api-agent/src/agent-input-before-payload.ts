import type { IncomingMessage } from '@aalis/schema-message';

/**
 * `agent:input:before` — once per input, before it enters a turn; preprocessors run here
 * ([HK-1], [PRE-1]). Before `next()` a middleware may rewrite `message` (in place or by
 * replacing it); not calling `next` drops the input (no turn, not archived, the stream end
 * marker is still emitted); `next()` returns once the input is settled.
 */
export interface AgentInputBeforePayload {
  message: IncomingMessage;
}
