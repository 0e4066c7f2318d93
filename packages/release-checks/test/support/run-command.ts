import { spawn } from 'node:child_process';

/** How a command ended and what it printed. */
export interface CommandResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of `runCommand`. */
export interface RunCommandOptions {
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Killed after this many milliseconds (default 120,000). */
  readonly timeoutMs?: number;
}

/**
 * The environment for a child npm or node in a project outside the workspace: the parent's,
 * without the `npm_*` variables an `npm run`/`npm test` of the workspace sets (workspace,
 * prefix, lifecycle flags), which would make a child npm act on the workspace.
 */
export function cleanEnvironment(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    const keep =
      !key.toLowerCase().startsWith('npm_') || /^npm_config_(cache|userconfig|registry)$/i.test(key);
    if (keep && value !== undefined) environment[key] = value;
  }
  return { ...environment, NO_COLOR: '1', ...extra };
}

/** Runs a command to its end and resolves with its exit code and output; never rejects on a code. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: RunCommandOptions,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 120_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Like `runCommand`, but rejects with the command's output when it exits with another code than 0. */
export async function runOrThrow(
  command: string,
  args: readonly string[],
  options: RunCommandOptions,
): Promise<CommandResult> {
  const result = await runCommand(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}
