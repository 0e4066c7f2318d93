import type { ToolCallContext, ToolResult } from '@aalis/api-tools';

/**
 * `agent:tool:after` — after every tool call ([HK-6]). `result` may be rewritten; keys
 * written into `metadata` are persisted with this tool result unchanged ([ARC-4]); the
 * agent writes the turn id and call id itself.
 */
export interface AgentToolAfterPayload {
  readonly name: string;
  result: ToolResult;
  readonly toolCallContext: ToolCallContext;
  /** Extra metadata for the persisted tool message, so history readers can restore the call's outcome. */
  readonly metadata: Record<string, unknown>;
}
