import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { SqliteArchiveStore } from '@aalis/archive-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliIo, type CliSignals, exitCodeAfter, runCli, type TerminationSignal } from './index';

const packageDirectory = dirname(dirname(fileURLToPath(import.meta.url)));
let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'aalis-cli-termination-'));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** A signal source a test fires by hand. */
function fakeSignals() {
  let listener: ((signal: TerminationSignal) => void) | undefined;
  const signals: CliSignals = {
    onTermination: (handler) => {
      listener = handler;
      return () => {
        listener = undefined;
      };
    },
  };
  return { signals, send: (signal: TerminationSignal) => listener?.(signal) };
}

/** A CLI io whose stdin stays open, with output seen as it comes. */
function openIo(signals: CliSignals) {
  let stdout = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const stdin = new PassThrough();
  const io: CliIo = {
    stdin,
    stdout: {
      write: (text: string) => {
        stdout += text;
        for (const waiter of waiters.filter((candidate) => stdout.includes(candidate.text))) waiter.resolve();
      },
    },
    stderr: { write: () => undefined },
    env: {},
    cwd: directory,
    signals,
  };
  const printed = (text: string) =>
    stdout.includes(text)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ text, resolve }));
  return { io, stdin, printed, stdout: () => stdout };
}

describe('termination signals', () => {
  it('exits 0 after a clean drain, 130 or 143 only when the drain had to abandon work', () => {
    expect(exitCodeAfter(undefined, false)).toBe(0);
    expect(exitCodeAfter('SIGINT', true)).toBe(0);
    expect(exitCodeAfter('SIGTERM', true)).toBe(0);
    expect(exitCodeAfter('SIGINT', false)).toBe(130);
    expect(exitCodeAfter('SIGTERM', false)).toBe(143);
  });

  it('[DRN-1] chat stops the running turn on SIGTERM, drains, closes the history and exits 0', async () => {
    const { signals, send } = fakeSignals();
    const run = openIo(signals);
    const exit = runCli(['chat', '--db', 'history.db'], run.io);
    run.stdin.write('tell me a long story\n');
    await run.printed('aalis›');
    send('SIGTERM');
    expect(await exit).toBe(0);
    const store = new SqliteArchiveStore({ path: join(directory, 'history.db') });
    try {
      const [turn] = (await store.timeline('cli')).items;
      expect(turn?.type === 'turn' && turn.record?.outcome).toBe('aborted');
    } finally {
      await store.close();
    }
  });

  it('[DRN-1] the demo drains on SIGINT and says it was interrupted', async () => {
    const { signals, send } = fakeSignals();
    const run = openIo(signals);
    const exit = runCli(['demo'], run.io);
    await run.printed('aalis-agent demo');
    send('SIGINT');
    expect(await exit).toBe(0);
    expect(run.stdout()).toContain('Interrupted: the agent drained.');
    expect(run.stdout()).not.toContain('Done:');
  });

  it('[DRN-1] the aalis-agent process exits 0 on SIGTERM during a turn', async () => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=@aalis/source',
        '--import',
        'tsx',
        'src/cli.ts',
        'chat',
        '--db',
        join(directory, 'p.db'),
      ],
      { cwd: packageDirectory, env: { ...process.env, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    const streaming = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('aalis›')) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.write('tell me a long story\n');
    await streaming;
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const store = new SqliteArchiveStore({ path: join(directory, 'p.db') });
    try {
      const [turn] = (await store.timeline('cli')).items;
      expect(turn?.type === 'turn' && turn.record?.outcome).toBe('aborted');
    } finally {
      await store.close();
    }
  });
});
