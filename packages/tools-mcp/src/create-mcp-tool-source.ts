import type { Tool } from '@aalis/api-tools';
import { McpListenerError } from './mcp-listener-error';
import { DEFAULT_MAX_RESULT_CHARS } from './mcp-result-to-tool-result';
import type { McpServerConfig } from './mcp-server-config';
import type { McpToolSource, McpToolSourceOptions, McpToolsListener } from './mcp-tool-source';
import { resolveServerConfig } from './resolve-server-config';
import { ServerConnection } from './server-connection';
import { createToolNameRegistry } from './tool-name-registry';
import type { ToolsMcpError } from './tools-mcp-error';

/**
 * Makes a {@link McpToolSource}: one connection per server, each MCP tool a `Tool` named
 * `<server>__<tool>` (unique across servers, safe for model APIs), `list_changed` followed,
 * crashed or hung servers reconnected on the next call. Nothing connects before `start()`.
 * Throws a `TypeError` for invalid options or server configurations, or two servers with one name.
 */
export function createMcpToolSource(options: McpToolSourceOptions): McpToolSource {
  const servers = checkServers(options);
  const maxResultChars = options.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  if (!Number.isInteger(maxResultChars) || maxResultChars < 1)
    throw new TypeError('maxResultChars must be a positive integer');
  const listeners = new Set<McpToolsListener>(options.onChange === undefined ? [] : [options.onChange]);
  const report = (error: ToolsMcpError) => options.onError?.(error);
  let current: readonly Tool[] = [];
  const names = createToolNameRegistry();
  const connections: ServerConnection[] = servers.map(
    (config) =>
      new ServerConnection({
        config,
        names,
        maxResultChars,
        onError: report,
        onToolsChanged: () => changed(config.name),
      }),
  );
  function changed(serverName: string): void {
    current = Object.freeze(connections.flatMap((connection) => connection.tools()));
    for (const listener of listeners) {
      try {
        listener(current);
      } catch (cause) {
        report(new McpListenerError({ serverName, cause }));
      }
    }
  }
  let starting: Promise<void> | undefined;
  let closing: Promise<void> | undefined;
  return {
    start: () => {
      starting ??= Promise.all(connections.map((connection) => connection.start())).then(() => {});
      return starting;
    },
    tools: () => current,
    servers: () => connections.map((connection) => connection.status()),
    subscribe: (listener) => {
      if (typeof listener !== 'function') throw new TypeError('A tools listener must be a function');
      const entry: McpToolsListener = (tools) => listener(tools);
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    close: () => {
      closing ??= Promise.all(connections.map((connection) => connection.close())).then(() => {});
      return closing;
    },
  };
}

function checkServers(options: McpToolSourceOptions): ReturnType<typeof resolveServerConfig>[] {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('MCP tool source options must be an object');
  if (!Array.isArray(options.servers)) throw new TypeError('servers must be a list of MCP server configs');
  const resolved = (options.servers as readonly McpServerConfig[]).map(resolveServerConfig);
  const seen = new Set<string>();
  for (const { name } of resolved) {
    if (seen.has(name)) throw new TypeError(`two MCP servers are named ${name}`);
    seen.add(name);
  }
  return resolved;
}
