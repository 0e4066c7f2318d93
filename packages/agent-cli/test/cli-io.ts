import { PassThrough } from 'node:stream';
import type { CliIo } from '../src/index';

/** Options of {@link cliIo}. */
export interface CliIoOptions {
  /** The lines typed, one after another; the input ends after them. */
  readonly lines?: readonly string[];
  readonly env?: CliIo['env'];
  /** Whether stdout claims to be a terminal. Default `false`. */
  readonly tty?: boolean;
  /** Where relative paths are. Default: this process's working directory. */
  readonly cwd?: string;
}

/** The process of a `runCli` call in a test: scripted input, and what it printed on stdout and stderr. */
export function cliIo(options: CliIoOptions = {}) {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end((options.lines ?? []).map((line) => `${line}\n`).join(''));
  const io: CliIo = {
    stdin,
    stdout: {
      write: (text: string) => {
        stdout += text;
      },
      isTTY: options.tty ?? false,
    },
    stderr: {
      write: (text: string) => {
        stderr += text;
      },
    },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
  };
  return { io, stdout: () => stdout, stderr: () => stderr };
}
