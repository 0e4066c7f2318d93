import { ToolsError } from './tools-error';

/** `TOOL_FAILED`: the tool threw; `cause` is what it threw. */
export class ToolExecutionError extends ToolsError {
  declare readonly code: 'TOOL_FAILED';

  constructor(toolName: string, options: { readonly cause?: unknown } = {}) {
    const reason = options.cause instanceof Error ? `: ${options.cause.message}` : '';
    super({
      code: 'TOOL_FAILED',
      toolName,
      message: `tool ${toolName} failed${reason}`,
      cause: options.cause,
    });
    this.name = 'ToolExecutionError';
  }

  /** Whether `value` is a `ToolExecutionError`, from any installed copy. */
  static override isInstance(value: unknown): value is ToolExecutionError {
    return ToolsError.isInstance(value) && value.code === 'TOOL_FAILED';
  }
}
