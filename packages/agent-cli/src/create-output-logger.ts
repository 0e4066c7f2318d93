import type { AgentLogger } from '@aalis/plugin-agent';
import type { TerminalOutput } from './terminal-output';

/** Options of {@link createOutputLogger}. */
export interface OutputLoggerOptions {
  /** Also print `info` entries (e.g. the agent's turn-end lines). Default `false`. */
  readonly verbose?: boolean;
}

/**
 * An agent logger writing to the terminal output: warnings and errors always (with the
 * error's message), `info` entries only when `verbose`.
 */
export function createOutputLogger(output: TerminalOutput, options: OutputLoggerOptions = {}): AgentLogger {
  const print = (label: string, message: string, details?: Readonly<Record<string, unknown>>) => {
    const error = details?.error;
    const reason = error instanceof Error ? `: ${error.message}` : '';
    output.line(output.style.dim(`· ${label}${message}${reason}`));
  };
  return {
    info: (message, details) => {
      if (options.verbose === true) print('log: ', message, details);
    },
    warn: (message, details) => print('warning: ', message, details),
    error: (message, details) => print('error: ', message, details),
  };
}
