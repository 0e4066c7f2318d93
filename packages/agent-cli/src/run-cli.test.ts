import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteArchiveStore } from '@aalis/archive-adapter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliIoOptions, cliIo } from '../test/cli-io';
import { runCli } from './index';

const packageDirectory = dirname(dirname(fileURLToPath(import.meta.url)));
let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'aalis-cli-test-'));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function io(options: Omit<CliIoOptions, 'cwd'> = {}) {
  return cliIo({ ...options, cwd: directory });
}

describe('runCli', () => {
  it('prints the usage for help, and the version', async () => {
    const help = io();
    expect(await runCli(['help'], help.io)).toBe(0);
    expect(help.stdout()).toContain('Usage: aalis-agent <command> [options]');
    const version = io();
    expect(await runCli(['--version'], version.io)).toBe(0);
    expect(version.stdout()).toBe('0.0.0\n');
  });

  it('exits with 2 and a hint on stderr for a usage error', async () => {
    for (const argv of [
      ['fly'],
      ['demo', '--provider', 'openai'],
      ['demo', '--session', 'x'],
      ['demo', '--mcp', 'node server.mjs'],
      ['chat', '--provider', 'openai'],
      ['chat', '--provider', 'anthropic'],
      ['chat', '--provider', 'google'],
      ['chat', '--mcp', 'node "server.mjs'],
    ]) {
      const run = io();
      expect(await runCli(argv, run.io), argv.join(' ')).toBe(2);
      expect(run.stderr()).toMatch(/^aalis-agent: /);
      expect(run.stdout()).toBe('');
    }
  });

  it('[CLR-2] keeps the demo history in the --db file: after the closing clear, the message that waited and its reply', async () => {
    const run = io();
    expect(await runCli(['demo', '--db', 'demo/history.db'], run.io)).toBe(0);
    expect(run.stdout()).toContain('history: ');
    const store = new SqliteArchiveStore({ path: join(directory, 'demo/history.db') });
    try {
      const timeline = await store.timeline('demo');
      expect(timeline.items).toHaveLength(1);
      const [turn] = timeline.items;
      expect(turn?.type === 'turn' && turn.turnId).toBe('turn-6');
      expect(turn?.type === 'turn' && turn.record?.outcome).toBe('replied');
      expect((await store.list('demo')).map((message) => [message.role, message.content])).toEqual([
        ['user', 'Hello again!'],
        ['assistant', 'Hello! I am the scripted demo model of aalis-agent.'],
      ]);
    } finally {
      await store.close();
    }
  });

  it('chats on the scripted model with the history in .aalis/history.db, kept across runs', async () => {
    const first = io({ lines: ['what is 12*7?'] });
    expect(await runCli(['chat'], first.io)).toBe(0);
    expect(first.stdout()).toContain('model: the scripted demo model');
    expect(first.stdout()).toContain('aalis› 12*7 = 84.');
    expect(existsSync(join(directory, '.aalis/history.db'))).toBe(true);
    const second = io({ lines: ['/history'] });
    expect(await runCli(['chat'], second.io)).toBe(0);
    expect(second.stdout()).toMatch(/ {2}⚙ arithmetic \{"expression":"12\*7"\} \[call-[a-z0-9]+-1\] → 84/);
  });

  it('chats with the endpoint of OPENAI_BASE_URL when it is set', async () => {
    const run = io({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AALIS_MODEL: 'local-model' } });
    expect(await runCli(['chat', '--db', ':memory:'], run.io)).toBe(0);
    expect(run.stdout()).toContain('model: http://127.0.0.1:9/v1 (local-model)');
    const forced = io({ env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } });
    expect(await runCli(['chat', '--db', ':memory:', '--provider', 'scripted'], forced.io)).toBe(0);
    expect(forced.stdout()).toContain('model: the scripted demo model');
  });

  it('[DUR-3] chat refuses a history file another process serves, naming that process', async () => {
    const holder = new SqliteArchiveStore({ path: join(directory, 'held.db') });
    try {
      const run = io({ lines: ['hi'] });
      expect(await runCli(['chat', '--db', 'held.db'], run.io)).toBe(1);
      expect(run.stderr()).toContain(`is in use by process ${process.pid}`);
    } finally {
      await holder.close();
    }
  });

  it('[OUT-2] chat exits 1 and says why when its last turn failed', async () => {
    const run = io({
      lines: ['hi'],
      env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', AALIS_MODEL: 'local-model' },
    });
    expect(await runCli(['chat', '--db', ':memory:'], run.io)).toBe(1);
    expect(run.stderr()).toMatch(/^aalis-agent: the last turn failed: \[错误\] /);
  });

  it('colours a terminal unless NO_COLOR or --no-color says otherwise', async () => {
    const coloured = io({ tty: true });
    await runCli(['demo'], coloured.io);
    expect(coloured.stdout()).toContain('\u001b[');
    const noColor = io({ tty: true, env: { NO_COLOR: '1' } });
    await runCli(['demo'], noColor.io);
    expect(noColor.stdout()).not.toContain('\u001b[');
    const flag = io({ tty: true });
    await runCli(['demo', '--no-color'], flag.io);
    expect(flag.stdout()).not.toContain('\u001b[');
  });

  it('runs as the aalis-agent binary', () => {
    const result = spawnSync(
      process.execPath,
      ['--conditions=@aalis/source', '--import', 'tsx', 'src/cli.ts', 'demo'],
      { cwd: packageDirectory, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Done: 6 turns, 5 tool calls.');
  });
});
