import { PostgresArchiveStore, PostgresSessionManager } from '@aalis/archive-postgres';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl, uniqueSchema } from '../../../tools/test-postgres/test-database';
import { cliIo } from '../test/cli-io';
import { runCli } from './index';

describe('aalis-agent chat on PostgreSQL', () => {
  it('keeps history, sessions and last turns in the database of --database, across runs', async () => {
    const url = await testDatabaseUrl();
    const schema = uniqueSchema('cli');
    const env = { AALIS_DATABASE_SCHEMA: schema };
    const first = cliIo({ lines: ['what is 12*7?'], env });
    expect(await runCli(['chat', '--database', url, '--session', 's1'], first.io)).toBe(0);
    expect(first.stdout()).toContain('aalis› 12*7 = 84.');
    const { password, host, pathname } = new URL(url);
    expect(first.stdout()).toMatch(new RegExp(`history: postgres://[^ ]*@${host}${pathname}\n`));
    expect(password).not.toBe('');
    expect(first.stdout()).not.toContain(password);
    const second = cliIo({ lines: ['/history'], env: { ...env, AALIS_DATABASE_URL: url } });
    expect(await runCli(['chat', '--session', 's1'], second.io)).toBe(0);
    expect(second.stdout()).toMatch(/⚙ arithmetic \{"expression":"12\*7"\} \[call-[a-z0-9]+-1\] → 84/);

    const store = await PostgresArchiveStore.open({ connectionString: url, schema, migrate: false });
    const sessions = await PostgresSessionManager.open({ connectionString: url, schema, migrate: false });
    try {
      expect((await store.history('s1')).map((message) => message.role)).toEqual([
        'user',
        'assistant',
        'tool',
        'assistant',
      ]);
      expect(sessions.getSession('s1')).toMatchObject({
        kind: 'console',
        platform: 'cli',
        lastTurn: { outcome: 'replied' },
      });
    } finally {
      await sessions.close();
      await store.close();
    }
  });

  it('refuses --database with --db, a URL that is not postgres://, and --database for the demo', async () => {
    for (const argv of [
      ['chat', '--db', 'x.db', '--database', 'postgres://127.0.0.1/x'],
      ['chat', '--database', 'mysql://127.0.0.1/x'],
      ['demo', '--database', 'postgres://127.0.0.1/x'],
    ]) {
      const run = cliIo();
      expect(await runCli(argv, run.io)).toBe(2);
      expect(run.stderr()).toMatch(/^aalis-agent: .*(--database|--db)/);
    }
  });

  it('exits 1 with a typed connection error when the database is out of reach', async () => {
    const run = cliIo({ lines: ['hi'], env: { AALIS_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } });
    expect(await runCli(['chat'], run.io)).toBe(1);
    expect(run.stderr()).toContain('the database connection was lost');
  });
});
