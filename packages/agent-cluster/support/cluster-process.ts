import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { NodeCommand, NodeReport } from './node-protocol';

/** A process of the cluster test, started by {@link startClusterProcess}. */
export interface ClusterProcess {
  /** Its name in the history (a restarted process gets a new one). */
  readonly name: string;
  /** Its lease owner id. */
  readonly owner: string;
  readonly alive: boolean;
  tell(command: NodeCommand): void;
  /** SIGKILLs it; resolves with the time of the kill once it exited. */
  kill(): Promise<number>;
  /** Ends it (SIGTERM) at the end of the run. */
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL('./cluster-node.ts', import.meta.url));

/** Starts one process of the cluster; every report it makes goes to `onReport`. */
export function startClusterProcess(options: {
  readonly name: string;
  readonly env: Readonly<Record<string, string>>;
  readonly onReport: (name: string, report: NodeReport) => void;
}): Promise<ClusterProcess> {
  const child: ChildProcess = fork(entry, [], {
    execArgv: ['--conditions=@aalis/source', '--import', 'tsx'],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let alive = true;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => {
    alive = false;
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${options.name} exited before it was ready (${code})`)));
    child.on('message', (message: NodeReport) => {
      options.onReport(options.name, message);
      if (message.kind !== 'ready') return;
      resolve({
        name: options.name,
        owner: message.owner,
        get alive() {
          return alive;
        },
        tell: (command) => {
          if (alive) child.send(command);
        },
        kill: async () => {
          const at = Date.now();
          child.kill('SIGKILL');
          await exited;
          return at;
        },
        stop: async () => {
          if (!alive) return;
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
