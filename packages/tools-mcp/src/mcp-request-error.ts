import { ToolsMcpError, type ToolsMcpErrorOptions } from './tools-mcp-error';

/**
 * `MCP_REQUEST_FAILED`: the server answered a request with a JSON-RPC error (unknown tool,
 * invalid parameters, an internal error), or with a result that is not a valid MCP result.
 * `rpcCode` is the JSON-RPC error code when the server sent one; the message carries the
 * server's own message.
 */
export class McpRequestError extends ToolsMcpError {
  /** The stable code of this error. */
  static override readonly code = 'MCP_REQUEST_FAILED';
  declare readonly code: 'MCP_REQUEST_FAILED';
  /** The JSON-RPC error code the server answered with; absent for an invalid result. */
  readonly rpcCode: number | undefined;
  /** The MCP method that failed, e.g. `tools/call`. */
  readonly method: string;

  constructor(
    options: Omit<ToolsMcpErrorOptions, 'code'> & {
      readonly method: string;
      readonly detail: string;
      readonly rpcCode?: number;
    },
  ) {
    super(`MCP server ${options.serverName} rejected ${options.method}: ${options.detail}`, {
      ...options,
      code: McpRequestError.code,
    });
    this.rpcCode = options.rpcCode;
    this.method = options.method;
  }
}
