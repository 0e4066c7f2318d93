import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArguments } from './index';

function usageError(argv: string[]): CliUsageError {
  try {
    parseCliArguments(argv);
  } catch (error) {
    if (CliUsageError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a usage error');
}

describe('parseCliArguments', () => {
  it('reads --database, the PostgreSQL URL of chat, and refuses it empty', () => {
    expect(parseCliArguments(['chat', '--database', 'postgres://h/db'])).toMatchObject({
      command: 'chat',
      database: 'postgres://h/db',
      db: undefined,
    });
    expect(usageError(['chat', '--database', ' ']).message).toBe('--database needs a value');
  });

  it('reads the command and its options', () => {
    expect(
      parseCliArguments([
        'chat',
        '--db',
        'x.db',
        '--session',
        's1',
        '--provider',
        'anthropic',
        '--mcp',
        'node server.mjs',
        '--mcp-url',
        'http://127.0.0.1:3000/mcp',
        '--mcp',
        'fs=npx -y some-server .',
        '--no-color',
        '--verbose',
      ]),
    ).toEqual({
      command: 'chat',
      db: 'x.db',
      session: 's1',
      provider: 'anthropic',
      mcp: ['node server.mjs', 'fs=npx -y some-server .'],
      mcpUrl: ['http://127.0.0.1:3000/mcp'],
      color: false,
      verbose: true,
    });
    expect(parseCliArguments(['demo', '--color'])).toEqual({
      command: 'demo',
      db: undefined,
      session: undefined,
      provider: undefined,
      mcp: [],
      mcpUrl: [],
      color: true,
      verbose: false,
    });
  });

  it('means help without a command or with -h/--help anywhere, and version with --version', () => {
    expect(parseCliArguments([]).command).toBe('help');
    expect(parseCliArguments(['demo', '-h']).command).toBe('help');
    expect(parseCliArguments(['--help', 'chat']).command).toBe('help');
    expect(parseCliArguments(['--version']).command).toBe('version');
    expect(parseCliArguments(['version']).command).toBe('version');
  });

  it('rejects unknown commands and options, missing or empty values and contradictions', () => {
    expect(usageError(['fly']).message).toBe('unknown command "fly"');
    expect(usageError(['chat', '--fast']).code).toBe('CLI_USAGE');
    expect(usageError(['chat', '--db']).message).toMatch(/--db/);
    expect(usageError(['chat', '--db', ' ']).message).toBe('--db needs a value');
    expect(usageError(['chat', 'extra']).message).toBe('unexpected argument "extra"');
    expect(usageError(['chat', '--provider', 'gpt']).message).toBe(
      '--provider must be one of scripted, openai, anthropic, google, not "gpt"',
    );
    expect(usageError(['chat', '--model', 'openai']).message).toMatch(/--model is now --provider/);
    expect(usageError(['chat', '--mcp', ' ']).message).toBe('--mcp needs a value');
    expect(usageError(['chat', '--mcp-url']).code).toBe('CLI_USAGE');
    expect(usageError(['demo', '--color', '--no-color']).message).toMatch(/contradict/);
  });
});
