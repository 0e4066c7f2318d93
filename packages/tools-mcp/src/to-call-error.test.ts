import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { type FailedCall, toCallError } from './to-call-error';

const call = (signal = new AbortController().signal): FailedCall => ({
  serverName: 'files',
  toolName: 'read',
  signal,
  timeoutMs: 500,
  closedDetail: () => 'last stderr line',
});

describe('toCallError', () => {
  it('names the abort, whatever the SDK rejected with', () => {
    const error = toCallError(new McpError(ErrorCode.RequestTimeout, 'x'), call(AbortSignal.abort('stop')));
    expect(error).toMatchObject({ code: 'MCP_CALL_ABORTED', cause: 'stop' });
  });

  it('maps the timeout, the closed connection and a JSON-RPC error', () => {
    expect(toCallError(new McpError(ErrorCode.RequestTimeout, 'timed out'), call()).code).toBe(
      'MCP_CALL_TIMEOUT',
    );
    const closed = toCallError(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'), call());
    expect(closed).toMatchObject({ code: 'MCP_SERVER_CLOSED', detail: 'last stderr line' });
    const rejected = toCallError(new McpError(ErrorCode.MethodNotFound, 'no such method'), call());
    expect(rejected).toMatchObject({ code: 'MCP_REQUEST_FAILED', rpcCode: -32601, method: 'tools/call' });
  });

  it('tells an invalid result from a failed transport', () => {
    const invalid = Object.assign(new Error('bad shape'), { name: 'ZodError' });
    expect(toCallError(invalid, call())).toMatchObject({ code: 'MCP_REQUEST_FAILED', rpcCode: undefined });
    expect(toCallError(new TypeError('fetch failed'), call())).toMatchObject({
      code: 'MCP_SERVER_CLOSED',
      detail: 'fetch failed',
    });
  });
});
