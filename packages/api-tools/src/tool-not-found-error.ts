import { ToolsError } from './tools-error';

/** `TOOL_NOT_FOUND`: the model called a tool that is not offered. */
export class ToolNotFoundError extends ToolsError {
  /** The stable code of this error. */
  static override readonly code = 'TOOL_NOT_FOUND';
  declare readonly code: 'TOOL_NOT_FOUND';

  constructor(toolName: string) {
    super(`no tool named ${toolName}`, { code: ToolNotFoundError.code, toolName });
  }
}
