/** What every server configuration has, whatever its transport. */
interface McpServerConfigBase {
  /**
   * The server's name: 1 to 32 letters, digits, `_` or `-`, unique among the servers. It
   * namespaces the server's tools (`<name>__<tool>`) and names it in statuses and errors.
   */
  readonly name: string;
  /** How long one tool call may take, in milliseconds, before it fails with `MCP_CALL_TIMEOUT`. Default 60,000. */
  readonly callTimeout?: number;
  /** How long connecting (start, handshake, first tool listing) may take, in milliseconds. Default 30,000. */
  readonly connectTimeout?: number;
  /** How many of the server's tools are offered at most; the rest are left out (and counted in the status). Default 1,000. */
  readonly maxTools?: number;
}

/** A server started as a child process and spoken to over its stdin and stdout. */
export interface McpStdioServerConfig extends McpServerConfigBase {
  /** The executable to start (looked up on `PATH`; no shell). */
  readonly command: string;
  readonly args?: readonly string[];
  /** Environment variables added to a small safe default set (`HOME`, `PATH`, `USER`, …). */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /**
   * What happens to the server's stderr: `capture` (default) keeps its last few kilobytes for
   * statuses and errors, `inherit` passes it to this process's stderr, `ignore` drops it.
   */
  readonly stderr?: 'capture' | 'inherit' | 'ignore';
  readonly url?: never;
  readonly headers?: never;
}

/** A server reached over Streamable HTTP. */
export interface McpHttpServerConfig extends McpServerConfigBase {
  /** The server's MCP endpoint (`http:` or `https:`). */
  readonly url: string | URL;
  /** Headers sent with every request (e.g. `Authorization`). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly command?: never;
  readonly args?: never;
  readonly env?: never;
  readonly cwd?: never;
  readonly stderr?: never;
}

/** One MCP server to take tools from: a stdio `command` or a Streamable HTTP `url`. */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;
