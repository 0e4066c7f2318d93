import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDirectory = fileURLToPath(new URL('../..', import.meta.url));

/** A message of a model request as the child wrote it out. */
export interface SeenMessage {
  readonly role: string;
  readonly content: string;
}

/** When to kill the child: after its `touched` line, or during its touch phase. */
export interface KillPlan {
  readonly after: 'ready' | 'touched';
  readonly milliseconds: number;
}

/** What one child process did before it ended. */
export interface ChildRun {
  /** Per session, its first model request in this process; absent when killed before. */
  readonly touched: Readonly<Record<string, readonly SeenMessage[]>> | undefined;
  /** Per session, the last phase it reported (`turn`, `model-tools`, `tool`, `model-reply`, `reply`, `ended`). */
  readonly phases: ReadonlyMap<string, string>;
  /** The turn ids recovery closed in this process. */
  readonly recovered: readonly string[];
  readonly signal: NodeJS.Signals | null;
}

interface RunState {
  touched: Record<string, SeenMessage[]> | undefined;
  readonly phases: Map<string, string>;
  readonly recovered: string[];
}

/**
 * Runs `test/fixtures/crash-agent.ts` on `path`. With a `kill` plan it is SIGKILLed at that
 * point (the run must end by that signal); without, it must touch every session and exit 0.
 */
export function runCrashChild(options: {
  readonly path: string;
  readonly run: number;
  readonly seed: number;
  readonly kill?: KillPlan;
}): Promise<ChildRun> {
  const { path, run, seed, kill } = options;
  const mode = kill === undefined ? 'exit' : 'loop';
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=@aalis/source',
        '--import',
        'tsx',
        'test/fixtures/crash-agent.ts',
        path,
        `${run}`,
        `${seed}`,
        mode,
      ],
      { cwd: packageDirectory, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const state: RunState = { touched: undefined, phases: new Map(), recovered: [] };
    let errors = '';
    const onLine = (line: string) => {
      readLine(state, line);
      const marker = line.startsWith('touched ') ? 'touched' : line;
      if (kill !== undefined && marker === kill.after)
        setTimeout(() => child.kill('SIGKILL'), kill.milliseconds);
    };
    readLines(child.stdout, onLine);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const expected = kill === undefined ? code === 0 : signal === 'SIGKILL';
      if (!expected) reject(new Error(`run ${run} ended with ${signal ?? code}: ${errors}`));
      else resolve({ ...state, signal });
    });
  });
}

function readLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
}

function readLine(state: RunState, line: string): void {
  const [word, first, second] = line.split(' ');
  if (word === 'touched') state.touched = JSON.parse(line.slice('touched '.length));
  else if (word === 'phase' && first !== undefined && second !== undefined) state.phases.set(first, second);
  else if (word === 'recovered' && second !== undefined) state.recovered.push(second);
}
