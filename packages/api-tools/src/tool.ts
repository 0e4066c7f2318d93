import type { ToolCallContext } from './tool-call-context';
import type { ToolDefinition } from './tool-definition';
import type { ToolOutput } from './tool-result';

/** The arguments of one call, parsed from the model's JSON and validated against the schema. */
export type ToolArguments = Record<string, unknown>;

/** A tool: its definition and how to run it. */
export interface Tool extends ToolDefinition {
  /**
   * Runs one call. Throwing, or resolving with `isError`, makes a failed result the model
   * reads; the tool should stop when `context.signal` aborts.
   */
  execute(args: ToolArguments, context: ToolCallContext): Promise<ToolOutput>;
}
