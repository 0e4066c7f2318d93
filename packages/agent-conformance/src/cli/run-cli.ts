import { badgeCommand } from './badge-command';
import type { CliIo } from './cli-io';
import { runCommand } from './run-command';
import { USAGE } from './usage';
import { UsageError } from './usage-error';
import { verifyCommand } from './verify-command';

export type { CliIo } from './cli-io';

const COMMANDS: Readonly<Record<string, (args: readonly string[], io: CliIo) => Promise<number>>> = {
  run: runCommand,
  verify: verifyCommand,
  badge: badgeCommand,
};

function dispatch(command: string | undefined, rest: readonly string[], io: CliIo): Promise<number> {
  const handler = command === undefined ? undefined : COMMANDS[command];
  if (handler !== undefined) return handler(rest, io);
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    io.stdout(USAGE);
    return Promise.resolve(command === undefined ? 2 : 0);
  }
  throw new UsageError(`unknown command "${command}"`);
}

/**
 * The `agent-conformance` command line: `run`, `verify` and `badge`. Resolves with the exit
 * code (see the usage text); every error becomes a message on stderr and exit code 2.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    return await dispatch(command, rest, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`agent-conformance: ${message}`);
    if (error instanceof UsageError) io.stderr(USAGE);
    return 2;
  }
}
