import { parseArgs } from 'node:util';
import { CliUsageError } from './cli-usage-error';

/** The commands of `aalis-agent`. */
export const CLI_COMMANDS = ['chat', 'demo', 'help', 'version'] as const;

/** One of {@link CLI_COMMANDS}. */
export type CliCommand = (typeof CLI_COMMANDS)[number];

/** The model providers `--provider` names. */
export const CLI_PROVIDERS = ['scripted', 'openai', 'anthropic', 'google'] as const;

/** One of {@link CLI_PROVIDERS}. */
export type CliProvider = (typeof CLI_PROVIDERS)[number];

/** The command line, read. */
export interface CliArguments {
  readonly command: CliCommand;
  /** `--db <file>`: the SQLite history file. */
  readonly db: string | undefined;
  /** `--database <url>`: a `postgres://` URL for the history and the sessions. */
  readonly database: string | undefined;
  /** `--session <id>`: the chat's conversation. */
  readonly session: string | undefined;
  /** `--provider scripted|openai|anthropic|google`; `undefined` when not given. */
  readonly provider: CliProvider | undefined;
  /** `--mcp "<command>"`, repeatable: MCP servers started as child processes (stdio), in order. */
  readonly mcp: readonly string[];
  /** `--mcp-url <url>`, repeatable: MCP servers reached over Streamable HTTP, in order. */
  readonly mcpUrl: readonly string[];
  /** `--color` → `true`, `--no-color` → `false`, neither → `undefined`. */
  readonly color: boolean | undefined;
  /** `--verbose`: print the agent's log lines. */
  readonly verbose: boolean;
}

/**
 * Reads the arguments after `aalis-agent`: one command (default `help`) and the options of
 * `CLI_USAGE`; `-h`/`--help` anywhere means `help`, `--version` means `version`.
 * Throws `CliUsageError` for an unknown command or option, a missing value, or `--color`
 * together with `--no-color`.
 */
export function parseCliArguments(argv: readonly string[]): CliArguments {
  const { values, positionals } = readArguments(argv);
  const [first, ...extra] = positionals;
  if (extra.length > 0) throw new CliUsageError(`unexpected argument "${extra[0]}"`);
  let command: CliCommand = 'help';
  if (values.help === true) command = 'help';
  else if (values.version === true) command = 'version';
  else if (first !== undefined) {
    const known = CLI_COMMANDS.find((candidate) => candidate === first);
    if (known === undefined) throw new CliUsageError(`unknown command "${first}"`);
    command = known;
  }
  if (values.color === true && values['no-color'] === true) {
    throw new CliUsageError('--color and --no-color contradict each other');
  }
  const provider = readProvider(values.provider);
  return {
    command,
    db: nonEmpty(values.db, '--db'),
    database: nonEmpty(values.database, '--database'),
    session: nonEmpty(values.session, '--session'),
    provider,
    mcp: (values.mcp ?? []).map((value) => nonEmpty(value, '--mcp') ?? value),
    mcpUrl: (values['mcp-url'] ?? []).map((value) => nonEmpty(value, '--mcp-url') ?? value),
    color: values.color === true ? true : values['no-color'] === true ? false : undefined,
    verbose: values.verbose === true,
  };
}

function readArguments(argv: readonly string[]) {
  // `--model` was the earlier spelling of `--provider`: say so rather than "unknown option".
  const model = argv.find((argument) => argument === '--model' || argument.startsWith('--model='));
  if (model !== undefined)
    throw new CliUsageError('--model is now --provider (scripted, openai, anthropic or google)');
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        db: { type: 'string' },
        database: { type: 'string' },
        session: { type: 'string' },
        provider: { type: 'string' },
        mcp: { type: 'string', multiple: true },
        'mcp-url': { type: 'string', multiple: true },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

function nonEmpty(value: string | undefined, option: string): string | undefined {
  if (value !== undefined && value.trim() === '') throw new CliUsageError(`${option} needs a value`);
  return value;
}

function readProvider(value: string | undefined): CliProvider | undefined {
  if (value === undefined) return undefined;
  const known = CLI_PROVIDERS.find((candidate) => candidate === value);
  if (known === undefined) {
    throw new CliUsageError(`--provider must be one of ${CLI_PROVIDERS.join(', ')}, not "${value}"`);
  }
  return known;
}
