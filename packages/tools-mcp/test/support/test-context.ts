import { fileURLToPath } from 'node:url';
import type { ToolCallContext } from '@aalis/api-tools';
import type { McpStdioServerConfig } from '../../src/index';

const fixture = fileURLToPath(new URL('../fixtures/stdio-server.ts', import.meta.url));
const packageDirectory = fileURLToPath(new URL('../..', import.meta.url));

/** A stdio server config that starts the fixture server as a child of the test (`node --import tsx`). */
export function stdioFixture(
  name: string,
  options: Partial<Omit<McpStdioServerConfig, 'name' | 'command'>> = {},
): McpStdioServerConfig {
  return {
    name,
    command: process.execPath,
    args: ['--import', 'tsx', fixture],
    cwd: packageDirectory,
    ...options,
  };
}

/** The context of one tool call, with the given signal. */
export function callContext(signal: AbortSignal = new AbortController().signal): ToolCallContext {
  return { sessionId: 's1', turnId: 't1', callId: 'c1', platform: 'test', acceptsImages: false, signal };
}

/** A promise with its resolve function outside, for steering a test step by step. */
export function deferred<TValue = void>() {
  let resolve!: (value: TValue) => void;
  const promise = new Promise<TValue>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Whether a process with this id still runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
