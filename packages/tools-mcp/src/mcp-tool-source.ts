import type { Tool } from '@aalis/api-tools';
import type { McpServerConfig } from './mcp-server-config';
import type { McpServerStatus } from './mcp-server-status';
import type { ToolsMcpError } from './tools-mcp-error';

/** Hears the whole current tool list after every change. */
export type McpToolsListener = (tools: readonly Tool[]) => void;

/** Options of `createMcpToolSource`. */
export interface McpToolSourceOptions {
  /** The servers to take tools from; their names must be unique. */
  readonly servers: readonly McpServerConfig[];
  /** Called with the whole tool list after every change (like a listener added with `subscribe`). */
  readonly onChange?: McpToolsListener;
  /**
   * Called with every failure of a connection (a server that cannot start, goes away, or
   * whose tool list cannot be read) and of a listener. Failures of single calls reject the call
   * instead. Default: none (the failure stays in `servers()` as `lastError`).
   */
  readonly onError?: (error: ToolsMcpError) => void;
  /** The longest text a tool result keeps, in characters; longer text is cut, saying so. Default 100,000. */
  readonly maxResultChars?: number;
}

/** The tools of a set of MCP servers, kept current. */
export interface McpToolSource {
  /**
   * Connects every server at once and lists its tools; resolves when each is connected or has
   * failed (never rejects: a failure is reported to `onError` and kept in `servers()`). Later
   * calls return the same promise.
   */
  start(): Promise<void>;
  /** The tools of every connected server, in server order; names unique across servers. */
  tools(): readonly Tool[];
  /** The status of every server, in configuration order. */
  servers(): readonly McpServerStatus[];
  /** Adds a listener of tool list changes; returns a remover. */
  subscribe(listener: McpToolsListener): () => void;
  /** Closes every connection and ends every stdio server's process; resolves once they exited. Idempotent. */
  close(): Promise<void>;
}
