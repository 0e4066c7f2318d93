import type {} from '@aalis/core';
import type { ToolArguments } from './tool';
import type { ToolCallContext } from './tool-call-context';

/**
 * One tool call about to run: what `ToolsService.execute` takes and the payload of the
 * `tool:execute` event, emitted by the agent for every call it executes, with the turn id
 * in `toolCallContext` ([TID-2]).
 */
export interface ToolInvocation {
  readonly name: string;
  readonly args: ToolArguments;
  readonly toolCallContext: ToolCallContext;
}

declare module '@aalis/core' {
  interface EventMap {
    /** A tool call is being executed; see `ToolInvocation`. */
    'tool:execute': ToolInvocation;
  }
}
