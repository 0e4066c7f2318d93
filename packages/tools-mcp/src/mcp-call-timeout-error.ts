import { ToolsMcpError, type ToolsMcpErrorOptions } from './tools-mcp-error';

/**
 * `MCP_CALL_TIMEOUT`: the server did not answer a tool call within the server's `callTimeout`.
 * The request is cancelled on the server (`notifications/cancelled`); a server that does not
 * answer a ping either is restarted before the next call.
 */
export class McpCallTimeoutError extends ToolsMcpError {
  /** The stable code of this error. */
  static override readonly code = 'MCP_CALL_TIMEOUT';
  declare readonly code: 'MCP_CALL_TIMEOUT';
  /** The MCP name of the tool called. */
  readonly toolName: string;
  /** The limit that was reached, in milliseconds. */
  readonly timeoutMs: number;

  constructor(
    options: Omit<ToolsMcpErrorOptions, 'code'> & { readonly toolName: string; readonly timeoutMs: number },
  ) {
    super(
      `MCP server ${options.serverName} did not answer the call of ${options.toolName} within ${options.timeoutMs} ms`,
      { ...options, code: McpCallTimeoutError.code },
    );
    this.toolName = options.toolName;
    this.timeoutMs = options.timeoutMs;
  }
}
