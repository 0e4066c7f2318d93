import { ToolsError } from './tools-error';

/**
 * `INVALID_TOOL_ARGUMENTS`: the arguments are not JSON, or do not match the tool's schema.
 * `problems` lists what is wrong, each naming the argument path.
 */
export class ToolArgumentsError extends ToolsError {
  declare readonly code: 'INVALID_TOOL_ARGUMENTS';
  readonly problems: readonly string[];

  constructor(options: {
    readonly toolName: string;
    readonly problems: readonly string[];
    readonly cause?: unknown;
  }) {
    super({
      code: 'INVALID_TOOL_ARGUMENTS',
      toolName: options.toolName,
      message: `invalid arguments for ${options.toolName}: ${options.problems.join('; ')}`,
      cause: options.cause,
    });
    this.name = 'ToolArgumentsError';
    this.problems = options.problems;
  }

  /** Whether `value` is a `ToolArgumentsError`, from any installed copy. */
  static override isInstance(value: unknown): value is ToolArgumentsError {
    return ToolsError.isInstance(value) && value.code === 'INVALID_TOOL_ARGUMENTS';
  }
}
