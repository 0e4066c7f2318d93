import { CliUsageError } from './cli-usage-error';
import { splitCommandLine } from './split-command-line';

/** An MCP server as `--mcp` or `--mcp-url` names it: started as a child process, or reached at a URL. */
export type CliMcpServer =
  | { readonly name: string; readonly command: string; readonly args: readonly string[] }
  | { readonly name: string; readonly url: string };

/** Programs that run another one: the server's own name is in the word after them. */
const RUNNERS = new Set([
  'npx',
  'node',
  'bun',
  'bunx',
  'deno',
  'uv',
  'uvx',
  'python',
  'python3',
  'pnpm',
  'yarn',
  'npm',
]);
const RUNNER_WORDS = new Set(['run', 'exec', 'dlx', 'x', 'tool']);
const NAME = /^([A-Za-z][A-Za-z0-9_-]{0,31})=(.+)$/s;

/**
 * The MCP servers of the command line: each `--mcp "<command>"` (split like a shell would,
 * started without one) and each `--mcp-url <url>` (http or https), in order. `name=` before
 * either names the server, which prefixes its tools (`fs=npx -y @modelcontextprotocol/server-filesystem .`
 * gives `fs__read_file`); without it the name comes from the package or script of the command,
 * or from the URL's host, made unique with `_2`, `_3`, … Throws `CliUsageError` for an
 * unusable command or URL.
 */
export function mcpServerConfigs(commands: readonly string[], urls: readonly string[]): CliMcpServer[] {
  const taken = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let count = 2; taken.has(candidate); count += 1) candidate = `${name}_${count}`;
    taken.add(candidate);
    return candidate;
  };
  const named = [...commands, ...urls].map((value) => NAME.exec(value)?.[1]);
  for (const name of named) if (name !== undefined) taken.add(name);
  const servers: CliMcpServer[] = commands.map((value, index) => {
    const [program, ...args] = splitCommandLine(NAME.exec(value)?.[2] ?? value);
    const name = named[index] ?? unique(nameOfCommand([program as string, ...args]));
    return { name, command: program as string, args };
  });
  urls.forEach((value, index) => {
    const url = readUrl(NAME.exec(value)?.[2] ?? value);
    servers.push({ name: named[commands.length + index] ?? unique(nameOfUrl(url)), url: url.href });
  });
  return servers;
}

function nameOfCommand(words: readonly string[]): string {
  const program = baseName(words[0] as string);
  const subject = RUNNERS.has(program)
    ? words.slice(1).find((word) => !word.startsWith('-') && !RUNNER_WORDS.has(word))
    : undefined;
  const base = baseName(subject ?? program)
    .replace(/@[^@]*$/, '')
    .replace(/\.(m?js|cjs|ts|py)$/, '')
    .replace(/^(mcp-server-|server-)|(-mcp-server|-mcp|-server)$/g, '');
  return safeName(base);
}

function nameOfUrl(url: URL): string {
  const labels = url.hostname.split('.').filter((label) => label !== '' && !/^\d+$/.test(label));
  if (labels.length === 0 || url.hostname === 'localhost' || url.hostname.startsWith('[')) return 'local';
  return safeName(labels.length >= 2 ? (labels[labels.length - 2] as string) : (labels[0] as string));
}

function baseName(word: string): string {
  const withoutVersion = word.startsWith('@') ? word.slice(1) : word;
  return withoutVersion.split(/[\\/]/).pop() ?? word;
}

function safeName(text: string): string {
  const safe = text
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^[^A-Za-z]+/, '')
    .slice(0, 24);
  return safe === '' ? 'mcp' : safe;
}

function readUrl(value: string): URL {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliUsageError(`--mcp-url takes an http(s) URL, not "${value}"`);
  }
  return url;
}
