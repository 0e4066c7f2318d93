import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { McpCallAbortedError } from './mcp-call-aborted-error';
import { McpCallTimeoutError } from './mcp-call-timeout-error';
import { McpRequestError } from './mcp-request-error';
import { McpServerClosedError } from './mcp-server-closed-error';
import type { ToolsMcpError } from './tools-mcp-error';

/** What {@link toCallError} needs to know of the failed call. */
export interface FailedCall {
  readonly serverName: string;
  readonly toolName: string;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** What is known of the end of the connection (stderr tail), for a closed one. */
  readonly closedDetail: () => string;
}

/**
 * The typed error of a failed `tools/call`: the caller's abort (`MCP_CALL_ABORTED`), the SDK's
 * timeout (`MCP_CALL_TIMEOUT`), a connection that closed (`MCP_SERVER_CLOSED`), a JSON-RPC
 * error answer or an invalid result (`MCP_REQUEST_FAILED`). Anything else is a failure of the
 * transport (a refused or broken HTTP request), also `MCP_SERVER_CLOSED`.
 */
export function toCallError(error: unknown, call: FailedCall): ToolsMcpError {
  const { serverName, toolName } = call;
  if (call.signal.aborted)
    return new McpCallAbortedError({ serverName, toolName, cause: call.signal.reason });
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout)
      return new McpCallTimeoutError({ serverName, toolName, timeoutMs: call.timeoutMs, cause: error });
    if (error.code === ErrorCode.ConnectionClosed)
      return new McpServerClosedError({ serverName, detail: call.closedDetail(), cause: error });
    return new McpRequestError({
      serverName,
      method: 'tools/call',
      rpcCode: error.code,
      detail: error.message,
      cause: error,
    });
  }
  if (isInvalidResult(error))
    return new McpRequestError({
      serverName,
      method: 'tools/call',
      detail: 'the result is not a valid MCP result',
      cause: error,
    });
  const detail = error instanceof Error ? error.message : String(error);
  return new McpServerClosedError({ serverName, detail, cause: error });
}

/** Whether the SDK rejected the answer's shape (a zod error), rather than the transport failing. */
export function isInvalidResult(error: unknown): boolean {
  return error instanceof Error && /ZodError$/.test(error.name);
}
