import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

/** How a fixture process ended. */
export interface FixtureExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A child process running one of `test/fixtures/*.ts` from the package's sources. */
export interface FixtureProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** The first stdout line matching `pattern`; rejects if the process ends without one. */
  line(pattern: RegExp): Promise<string>;
  /** Writes one line to the process's stdin. */
  send(line: string): void;
  /** Settles when the process has ended. */
  readonly ended: Promise<FixtureExit>;
}

/** Options of {@link startFixture}. */
export interface StartFixtureOptions {
  /** Run the process as this user and group (only root may). */
  readonly user?: { readonly uid: number; readonly gid: number };
}

/** Starts `test/fixtures/<name>.ts` with `node --conditions=@aalis/source --import tsx`. */
export function startFixture(
  name: string,
  args: readonly string[],
  options: StartFixtureOptions = {},
): FixtureProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=@aalis/source', '--import', 'tsx', `test/fixtures/${name}.ts`, ...args],
    { cwd: packageDirectory, stdio: ['pipe', 'pipe', 'pipe'], ...(options.user ?? {}) },
  );
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  const lines: string[] = [];
  const settleWaiters = () => {
    for (const waiter of [...waiters]) {
      const found = lines.find((line) => waiter.pattern.test(line));
      if (found === undefined) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(found);
    }
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    lines.splice(0, lines.length, ...stdout.split('\n').slice(0, -1));
    settleWaiters();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const ended = new Promise<FixtureExit>((resolve) => {
    child.on('close', (code, signal) => {
      for (const waiter of waiters.splice(0)) {
        waiter.reject(
          new Error(`fixture ${name} ended (${code ?? signal}) before printing ${waiter.pattern}: ${stderr}`),
        );
      }
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    child,
    ended,
    send: (line) => child.stdin.write(`${line}\n`),
    line: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve, reject });
        settleWaiters();
      }),
  };
}
