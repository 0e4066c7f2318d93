import { ToolsError } from './tools-error';

/**
 * `INVALID_TOOL_ARGUMENTS`: the arguments are not JSON, or do not match the tool's schema.
 * `problems` lists what is wrong, each naming the argument path.
 */
export class ToolArgumentsError extends ToolsError {
  /** The stable code of this error. */
  static override readonly code = 'INVALID_TOOL_ARGUMENTS';
  declare readonly code: 'INVALID_TOOL_ARGUMENTS';
  readonly problems: readonly string[];

  constructor(options: {
    readonly toolName: string;
    readonly problems: readonly string[];
    readonly cause?: unknown;
  }) {
    super(`invalid arguments for ${options.toolName}: ${options.problems.join('; ')}`, {
      code: ToolArgumentsError.code,
      toolName: options.toolName,
      cause: options.cause,
    });
    this.problems = options.problems;
  }
}
