import type { ToolOutput, ToolResult } from './tool-result';

/** Normalises a tool's output: a string becomes `{ content }`, a `ToolResult` is kept. */
export function toToolResult(output: ToolOutput): ToolResult {
  return typeof output === 'string' ? { content: output } : output;
}
