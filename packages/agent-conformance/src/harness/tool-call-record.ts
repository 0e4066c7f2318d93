import type { ToolArguments, ToolCallContext, ToolResult } from '@aalis/api-tools';

/** One `execute` call the scripted tools received. */
export interface ToolCallRecord {
  /** 0-based position among the harness's tool calls. */
  readonly index: number;
  /** The activity number when the call started. */
  readonly seq: number;
  readonly name: string;
  readonly args: ToolArguments;
  readonly context: ToolCallContext;
  readonly state: 'open' | 'resolved' | 'rejected';
  readonly endSeq: number | undefined;
  readonly result: ToolResult | undefined;
  readonly error: unknown;
}
