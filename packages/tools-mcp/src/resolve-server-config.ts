import type { McpHttpServerConfig, McpServerConfig, McpStdioServerConfig } from './mcp-server-config';
import type { ResolvedHttpConfig, ResolvedServerConfig, ResolvedStdioConfig } from './resolved-server-config';

const serverNamePattern = /^[A-Za-z0-9_-]{1,32}$/;
const longestTimer = 2_147_483_647;

/** Defaults of the limits of a server configuration. */
export const SERVER_DEFAULTS = Object.freeze({
  callTimeout: 60_000,
  connectTimeout: 30_000,
  maxTools: 1_000,
});

/**
 * Checks one server configuration and fills in its defaults. Throws a `TypeError` naming the
 * field for a bad name, neither or both of `command` and `url`, a URL that is not http(s),
 * string lists or maps holding anything but strings, or a limit that is not a positive integer.
 */
export function resolveServerConfig(config: McpServerConfig): ResolvedServerConfig {
  if (typeof config !== 'object' || config === null)
    throw new TypeError('An MCP server config must be an object');
  const name = config.name;
  if (typeof name !== 'string' || !serverNamePattern.test(name))
    throw new TypeError('An MCP server name must be 1 to 32 letters, digits, "_" or "-"');
  const hasCommand = config.command !== undefined;
  if (hasCommand === (config.url !== undefined))
    throw new TypeError(`MCP server ${name} needs either a command (stdio) or a url (Streamable HTTP)`);
  const limits = {
    name,
    callTimeout: positiveInteger(name, 'callTimeout', config.callTimeout, SERVER_DEFAULTS.callTimeout),
    connectTimeout: positiveInteger(
      name,
      'connectTimeout',
      config.connectTimeout,
      SERVER_DEFAULTS.connectTimeout,
    ),
    maxTools: positiveInteger(name, 'maxTools', config.maxTools, SERVER_DEFAULTS.maxTools),
  };
  return hasCommand
    ? resolveStdio(config as McpStdioServerConfig, limits)
    : resolveHttp(config as McpHttpServerConfig, limits);
}

type Limits = Omit<ResolvedServerConfig, 'transport' | 'target'>;

function resolveStdio(config: McpStdioServerConfig, limits: Limits): ResolvedStdioConfig {
  const { name } = limits;
  if (typeof config.command !== 'string' || config.command === '')
    throw new TypeError(`MCP server ${name}: command must be a non-empty string`);
  const args = config.args ?? [];
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string'))
    throw new TypeError(`MCP server ${name}: args must be a list of strings`);
  if (config.cwd !== undefined && typeof config.cwd !== 'string')
    throw new TypeError(`MCP server ${name}: cwd must be a string`);
  const stderr = config.stderr ?? 'capture';
  if (!['capture', 'inherit', 'ignore'].includes(stderr))
    throw new TypeError(`MCP server ${name}: stderr must be "capture", "inherit" or "ignore"`);
  return {
    ...limits,
    transport: 'stdio',
    command: config.command,
    args: [...args],
    env: config.env === undefined ? undefined : stringMap(name, 'env', config.env),
    cwd: config.cwd,
    stderr,
    target: [config.command, ...args].join(' '),
  };
}

function resolveHttp(config: McpHttpServerConfig, limits: Limits): ResolvedHttpConfig {
  const { name } = limits;
  let url: URL;
  try {
    url = new URL(String(config.url));
  } catch {
    throw new TypeError(`MCP server ${name}: url is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`MCP server ${name}: url must be http: or https:`);
  const headers = stringMap(name, 'headers', config.headers ?? {});
  return { ...limits, transport: 'http', url, headers, target: url.href };
}

function stringMap(name: string, field: string, value: unknown): Readonly<Record<string, string>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError(`MCP server ${name}: ${field} must be an object of strings`);
  const entries = Object.entries(value);
  if (!entries.every(([, entry]) => typeof entry === 'string'))
    throw new TypeError(`MCP server ${name}: ${field} must be an object of strings`);
  return Object.fromEntries(entries) as Record<string, string>;
}

function positiveInteger(name: string, field: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > longestTimer)
    throw new TypeError(`MCP server ${name}: ${field} must be a positive integer`);
  return value;
}
