import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { McpServerUnavailableError } from './mcp-server-unavailable-error';
import { ToolsMcpError } from './tools-mcp-error';

/** What {@link toConnectError} needs to know. */
export interface FailedConnect {
  readonly serverName: string;
  /** The source's close signal: aborted, the failure is the close. */
  readonly closed: AbortSignal;
  /** The last lines the server wrote to stderr, if known. */
  readonly stderrTail?: string;
  /** The connect timeout, for the message. */
  readonly timeoutMs?: number;
}

/**
 * The `MCP_SERVER_UNAVAILABLE` error of a failed connect, handshake or tool listing; its reason
 * names the close, the timeout, or the failure's message followed by the server's last stderr
 * lines. An error of this package is kept as it is.
 */
export function toConnectError(error: unknown, connect: FailedConnect): ToolsMcpError {
  if (ToolsMcpError.isInstance(error)) return error;
  const { serverName } = connect;
  if (connect.closed.aborted)
    return new McpServerUnavailableError({ serverName, reason: 'its tool source was closed', cause: error });
  const timedOut = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
  const message = timedOut
    ? `no answer within ${connect.timeoutMs ?? 'the'} ms`
    : error instanceof Error
      ? error.message
      : String(error);
  const tail =
    connect.stderrTail === undefined || connect.stderrTail === '' ? '' : ` (stderr: ${connect.stderrTail})`;
  return new McpServerUnavailableError({ serverName, reason: `${message}${tail}`, cause: error });
}
