import { ToolsMcpError, type ToolsMcpErrorOptions } from './tools-mcp-error';

/**
 * `MCP_CALL_ABORTED`: the caller's signal aborted the call ([ABT-1]); the server was sent
 * `notifications/cancelled` for it. `cause` is the signal's reason.
 */
export class McpCallAbortedError extends ToolsMcpError {
  /** The stable code of this error. */
  static override readonly code = 'MCP_CALL_ABORTED';
  declare readonly code: 'MCP_CALL_ABORTED';
  /** The MCP name of the tool called. */
  readonly toolName: string;

  constructor(options: Omit<ToolsMcpErrorOptions, 'code'> & { readonly toolName: string }) {
    super(`the call of ${options.toolName} on MCP server ${options.serverName} was aborted`, {
      ...options,
      code: McpCallAbortedError.code,
    });
    this.toolName = options.toolName;
  }
}
