/**
 * Where a server's connection stands: `connecting` (first connect or a reconnect under way),
 * `connected`, `failed` (the last connect failed or the server went away; the next call tries
 * again after a backoff) or `closed` (its source was closed).
 */
export type McpServerState = 'connecting' | 'connected' | 'failed' | 'closed';

/** One tool a server offers: the name the model calls it by and the server's own name for it. */
export interface McpToolSummary {
  /** The namespaced name the model sees, e.g. `files__read_file`. */
  readonly name: string;
  /** The tool's name on the MCP server (cut at 200 characters for display). */
  readonly mcpName: string;
}

/** What a `/tools` listing shows of one server. */
export interface McpServerStatus {
  readonly name: string;
  readonly transport: 'stdio' | 'http';
  /** The command line (stdio) or the URL (http). */
  readonly target: string;
  readonly state: McpServerState;
  /** The tools offered now, in the server's order. */
  readonly tools: readonly McpToolSummary[];
  /**
   * How many tools were left out: past `maxTools` or listed twice, counted on the pages read
   * (the listing stops reading pages once `maxTools` are kept).
   */
  readonly toolsLeftOut: number;
  /** The message of the last failure of the connection (not of single calls), if any. */
  readonly lastError?: string;
}
