import { AgentCliError } from './agent-cli-error';

/** `CLI_USAGE`: the command line names an unknown command or option, or a bad value. */
export class CliUsageError extends AgentCliError {
  static override readonly code = 'CLI_USAGE';

  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super(message, { code: CliUsageError.code, cause: options.cause });
  }
}
