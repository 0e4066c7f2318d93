import type { ToolArguments, ToolCallContext } from '@aalis/api-tools';

/**
 * `agent:tool:before` — before every tool call ([HK-5]). A middleware may rewrite `args`;
 * not calling `next` blocks the call, which is fed back to the model as a failed result with
 * its call id ([ARC-2]).
 */
export interface AgentToolBeforePayload {
  readonly name: string;
  args: ToolArguments;
  /** Carries the turn id and this call's `callId` ([TID-2], [TID-3]). */
  readonly toolCallContext: ToolCallContext;
}
