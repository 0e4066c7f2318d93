import { ToolsError } from './tools-error';

/** `TOOL_NOT_FOUND`: the model called a tool that is not offered. */
export class ToolNotFoundError extends ToolsError {
  declare readonly code: 'TOOL_NOT_FOUND';

  constructor(toolName: string) {
    super({ code: 'TOOL_NOT_FOUND', toolName, message: `no tool named ${toolName}` });
    this.name = 'ToolNotFoundError';
  }

  /** Whether `value` is a `ToolNotFoundError`, from any installed copy. */
  static override isInstance(value: unknown): value is ToolNotFoundError {
    return ToolsError.isInstance(value) && value.code === 'TOOL_NOT_FOUND';
  }
}
