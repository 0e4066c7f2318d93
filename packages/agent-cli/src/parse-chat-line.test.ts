import { describe, expect, it } from 'vitest';
import { CHAT_COMMANDS, parseChatLine } from './index';

describe('parseChatLine', () => {
  it('reads a blank line as empty and other text as a message without surrounding blanks', () => {
    expect(parseChatLine('   ')).toEqual({ type: 'empty' });
    expect(parseChatLine('  what is 12*7?  ')).toEqual({ type: 'message', text: 'what is 12*7?' });
    expect(parseChatLine('a / b')).toEqual({ type: 'message', text: 'a / b' });
  });

  it('reads every command, case-insensitively, with its argument', () => {
    for (const command of CHAT_COMMANDS) {
      expect(parseChatLine(`/${command}`)).toEqual({ type: 'command', command, argument: '' });
    }
    expect(parseChatLine('/STOP all ')).toEqual({ type: 'command', command: 'stop', argument: 'all' });
    expect(parseChatLine('  /usage   now please')).toEqual({
      type: 'command',
      command: 'usage',
      argument: 'now please',
    });
  });

  it('knows /quit as /exit and /? as /help', () => {
    expect(parseChatLine('/quit')).toEqual({ type: 'command', command: 'exit', argument: '' });
    expect(parseChatLine('/?')).toEqual({ type: 'command', command: 'help', argument: '' });
  });

  it('reports an unknown command by name, and a bare slash as an unknown empty name', () => {
    expect(parseChatLine('/Teleport home')).toEqual({ type: 'unknown-command', name: 'Teleport' });
    expect(parseChatLine('/')).toEqual({ type: 'unknown-command', name: '' });
  });

  it('sends a line beginning with // as a message beginning with /', () => {
    expect(parseChatLine('//stop is a command')).toEqual({ type: 'message', text: '/stop is a command' });
  });
});
