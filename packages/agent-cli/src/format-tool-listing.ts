import type { McpServerStatus } from '@aalis/tools-mcp';
import type { TextStyles } from './terminal-output';

/** Options of {@link formatToolListing}. */
export interface ToolListingOptions {
  /** Every tool the agent offers now, by name, in registration order. */
  readonly toolNames: readonly string[];
  /** The MCP servers and their tools. */
  readonly servers: readonly McpServerStatus[];
  readonly style: TextStyles;
}

/**
 * The lines of `/tools`: the built-in tools (offered, not from an MCP server), then each MCP
 * server with its transport, target and state (and its last error), and its tools as
 * `model name ← server's name`.
 */
export function formatToolListing({ toolNames, servers, style }: ToolListingOptions): string[] {
  const fromServers = new Set(servers.flatMap((server) => server.tools.map((tool) => tool.name)));
  const builtIn = toolNames.filter((name) => !fromServers.has(name));
  const lines = [`built-in: ${builtIn.length > 0 ? builtIn.join(', ') : 'none'}`];
  for (const server of servers) {
    const state = server.state === 'connected' ? style.green(server.state) : style.yellow(server.state);
    const error = server.lastError === undefined ? '' : ` · ${style.red(server.lastError)}`;
    lines.push(`${style.bold(server.name)} (${server.transport}: ${server.target}) · ${state}${error}`);
    for (const tool of server.tools) lines.push(`  ${tool.name}${style.dim(` ← ${tool.mcpName}`)}`);
    if (server.tools.length === 0) lines.push(style.dim('  no tools'));
    if (server.toolsLeftOut > 0) lines.push(style.dim(`  ${server.toolsLeftOut} more left out`));
  }
  if (servers.length === 0)
    lines.push(style.dim('no MCP servers (chat --mcp "<command>" or --mcp-url <url>)'));
  return lines;
}
