import { describe, expect, it } from 'vitest';
import { CliUsageError } from './cli-usage-error';
import { splitCommandLine } from './split-command-line';

describe('splitCommandLine', () => {
  it('splits on blanks and keeps quoted blanks, like a shell', () => {
    expect(splitCommandLine('  npx -y  @scope/server "/tmp/my files" ')).toEqual([
      'npx',
      '-y',
      '@scope/server',
      '/tmp/my files',
    ]);
    expect(splitCommandLine(`node -e 'console.log("hi $HOME")'`)).toEqual([
      'node',
      '-e',
      'console.log("hi $HOME")',
    ]);
  });

  it('reads escapes outside quotes and inside double quotes, and joins adjacent pieces into one word', () => {
    expect(splitCommandLine('a\\ b "c\\"d" e"f"\'g\'')).toEqual(['a b', 'c"d', 'efg']);
    expect(splitCommandLine('"\\n"')).toEqual(['\\n']);
    expect(splitCommandLine('x ""')).toEqual(['x', '']);
  });

  it('expands nothing: variables, globs and pipes stay words', () => {
    expect(splitCommandLine('server $HOME *.txt | tee')).toEqual(['server', '$HOME', '*.txt', '|', 'tee']);
  });

  it('refuses an unclosed quote and an empty command', () => {
    expect(() => splitCommandLine('node "server.mjs')).toThrow(CliUsageError);
    expect(() => splitCommandLine('   ')).toThrow(/needs a program/);
  });

  it('splits a long line of one repeated character in linear time', () => {
    const long = 'a'.repeat(1 << 20);
    expect(splitCommandLine(`${long} ${long}`)).toEqual([long, long]);
  });
});
