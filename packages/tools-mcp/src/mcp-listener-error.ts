import { ToolsMcpError, type ToolsMcpErrorOptions } from './tools-mcp-error';

/** `MCP_LISTENER_FAILED`: a listener of tool changes (`onChange`, `subscribe`) threw; `cause` is what it threw. */
export class McpListenerError extends ToolsMcpError {
  /** The stable code of this error. */
  static override readonly code = 'MCP_LISTENER_FAILED';
  declare readonly code: 'MCP_LISTENER_FAILED';

  constructor(options: Omit<ToolsMcpErrorOptions, 'code'>) {
    super(`a listener of the tools of MCP server ${options.serverName} failed`, {
      ...options,
      code: McpListenerError.code,
    });
  }
}
