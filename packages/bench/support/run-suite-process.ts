/**
 * Runs one benchmark as a child process (`npm run <script> -- --json`) and reads the one
 * JSON object it prints on stdout. A suite runs alone in its process, so none inherits
 * another's heap or compiled code.
 */
import { spawn } from 'node:child_process';

/** What one suite run gave. */
export type SuiteOutcome =
  | { readonly ok: true; readonly result: Record<string, unknown>; readonly milliseconds: number }
  | { readonly ok: false; readonly error: string; readonly milliseconds: number };

/** Options of {@link runSuiteProcess}. */
export interface RunSuiteOptions {
  /** The package directory the script belongs to. */
  readonly cwd: string;
  /** The npm script to run (`bench`, `bench:turn`, …). */
  readonly script: string;
  /** Extra flags after `--json`. */
  readonly flags?: readonly string[];
  /** Stops the child after this long. */
  readonly timeoutMs: number;
}

/** The last line of `stdout` that parses as a JSON object, or `undefined`. */
export function lastJsonObject(stdout: string): Record<string, unknown> | undefined {
  const lines = stdout.split('\n').map((line) => line.trim());
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? '';
    if (!line.startsWith('{')) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // Not the object; keep looking further up.
    }
  }
  return undefined;
}

/** Runs the script and resolves with its JSON object, or with what went wrong; never rejects. */
export function runSuiteProcess(options: RunSuiteOptions): Promise<SuiteOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(
      'npm',
      ['run', '--silent', options.script, '--', '--json', ...(options.flags ?? [])],
      {
        cwd: options.cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: options.timeoutMs,
        env: { ...process.env, FORCE_COLOR: '0' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error) => {
      resolve({ ok: false, error: error.message, milliseconds: performance.now() - started });
    });
    child.on('close', (code, signal) => {
      const milliseconds = performance.now() - started;
      const result = lastJsonObject(stdout);
      if (code === 0 && result !== undefined) resolve({ ok: true, result, milliseconds });
      else {
        const reason = signal === null ? `exit code ${code}` : `stopped by ${signal}`;
        const detail = stderr.trim().split('\n').slice(-5).join('\n');
        resolve({
          ok: false,
          error: `${reason}${result === undefined ? ', no JSON object on stdout' : ''}${detail ? `: ${detail}` : ''}`,
          milliseconds,
        });
      }
    });
  });
}
