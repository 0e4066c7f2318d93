import { ToolsMcpError, type ToolsMcpErrorOptions } from './tools-mcp-error';

/**
 * `MCP_SERVER_UNAVAILABLE`: the server could not be connected (the command did not start, the
 * URL did not answer, the handshake or the tool listing failed or timed out), is waiting out
 * its reconnect backoff, or its source was closed. `reason` says which; `cause` is the
 * underlying failure when there was one.
 */
export class McpServerUnavailableError extends ToolsMcpError {
  /** The stable code of this error. */
  static override readonly code = 'MCP_SERVER_UNAVAILABLE';
  declare readonly code: 'MCP_SERVER_UNAVAILABLE';
  /** Why the server cannot be used now. */
  readonly reason: string;

  constructor(options: Omit<ToolsMcpErrorOptions, 'code'> & { readonly reason: string }) {
    super(`MCP server ${options.serverName} is unavailable: ${options.reason}`, {
      ...options,
      code: McpServerUnavailableError.code,
    });
    this.reason = options.reason;
  }
}
