import { parseArgs } from 'node:util';
import { CliUsageError } from './cli-usage-error';

/** The commands of `aalis-agent`. */
export const CLI_COMMANDS = ['chat', 'demo', 'help', 'version'] as const;

/** One of {@link CLI_COMMANDS}. */
export type CliCommand = (typeof CLI_COMMANDS)[number];

/** The command line, read. */
export interface CliArguments {
  readonly command: CliCommand;
  /** `--db <file>`: the SQLite history file. */
  readonly db: string | undefined;
  /** `--database <url>`: a `postgres://` URL for the history and the sessions. */
  readonly database: string | undefined;
  /** `--session <id>`: the chat's conversation. */
  readonly session: string | undefined;
  /** `--model scripted|openai`; `undefined` when not given. */
  readonly model: 'scripted' | 'openai' | undefined;
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
  const model = values.model;
  if (model !== undefined && model !== 'scripted' && model !== 'openai') {
    throw new CliUsageError(`--model must be scripted or openai, not "${model}"`);
  }
  return {
    command,
    db: nonEmpty(values.db, '--db'),
    database: nonEmpty(values.database, '--database'),
    session: nonEmpty(values.session, '--session'),
    model,
    color: values.color === true ? true : values['no-color'] === true ? false : undefined,
    verbose: values.verbose === true,
  };
}

function readArguments(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        db: { type: 'string' },
        database: { type: 'string' },
        session: { type: 'string' },
        model: { type: 'string' },
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
