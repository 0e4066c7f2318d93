import { ToolsMcpError, type ToolsMcpErrorOptions } from './tools-mcp-error';

/**
 * `MCP_SERVER_CLOSED`: the connection ended while a request waited for its answer (a stdio
 * server exited, an HTTP server stopped answering or forgot the session). The connection is
 * opened again on the next call. `detail` is what is known of the end (the last lines the
 * server wrote to stderr, a transport message), when anything is.
 */
export class McpServerClosedError extends ToolsMcpError {
  /** The stable code of this error. */
  static override readonly code = 'MCP_SERVER_CLOSED';
  declare readonly code: 'MCP_SERVER_CLOSED';
  /** What is known of why the connection ended, when anything is. */
  readonly detail: string | undefined;

  constructor(options: Omit<ToolsMcpErrorOptions, 'code'> & { readonly detail?: string }) {
    const detail = options.detail === undefined || options.detail === '' ? '' : `: ${options.detail}`;
    super(`MCP server ${options.serverName} closed the connection${detail}`, {
      ...options,
      code: McpServerClosedError.code,
    });
    this.detail = options.detail;
  }
}
