import { createMcpToolSource, type McpToolSource } from '@aalis/tools-mcp';
import { mcpServerConfigs } from './mcp-server-configs';
import type { TerminalOutput } from './terminal-output';

/** What `--mcp` and `--mcp-url` gave. */
export interface McpArguments {
  readonly mcp: readonly string[];
  readonly mcpUrl: readonly string[];
}

/**
 * Starts the MCP servers of the command line and waits until each is connected or has failed,
 * printing one line per server (its tool count, or why it failed) and, later, each new failure
 * of a connection as it happens (the same failure again is not repeated). A server that fails does not stop the chat: its tools are
 * missing until it comes back. `undefined` when no server was given. Throws `CliUsageError`
 * for an unusable `--mcp` command or `--mcp-url`.
 */
export async function openMcpTools(
  args: McpArguments,
  output: TerminalOutput,
): Promise<McpToolSource | undefined> {
  const servers = mcpServerConfigs(args.mcp, args.mcpUrl);
  if (servers.length === 0) return undefined;
  let started = false;
  // A server that stays down is tried again every 30 s: say each failure once, not every time.
  const lastSaid = new Map<string, string>();
  const source = createMcpToolSource({
    servers,
    onError: (error) => {
      if (lastSaid.get(error.serverName) === error.message) return;
      lastSaid.set(error.serverName, error.message);
      if (started) output.line(output.style.yellow(`mcp ${error.serverName}: ${error.message}`));
    },
  });
  await source.start();
  started = true;
  for (const server of source.servers()) {
    const what =
      server.state === 'connected'
        ? `${server.tools.length} tool${server.tools.length === 1 ? '' : 's'}`
        : output.style.yellow(
            `${server.state}${server.lastError === undefined ? '' : `: ${server.lastError}`}`,
          );
    output.line(output.style.dim(`mcp ${server.name} (${server.transport}: ${server.target}) · `) + what);
  }
  return source;
}
