import { ToolsError } from './tools-error';

/** `TOOL_FAILED`: the tool threw; `cause` is what it threw. */
export class ToolExecutionError extends ToolsError {
  /** The stable code of this error. */
  static override readonly code = 'TOOL_FAILED';
  declare readonly code: 'TOOL_FAILED';

  constructor(toolName: string, options: { readonly cause?: unknown } = {}) {
    const reason = options.cause instanceof Error ? `: ${options.cause.message}` : '';
    super(`tool ${toolName} failed${reason}`, {
      code: ToolExecutionError.code,
      toolName,
      cause: options.cause,
    });
  }
}
