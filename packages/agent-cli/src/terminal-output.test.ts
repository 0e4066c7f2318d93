import { describe, expect, it } from 'vitest';
import { createTerminalOutput, shouldUseColor } from './index';

describe('createTerminalOutput', () => {
  it('ends a partly written line before writing a whole line', () => {
    let text = '';
    const output = createTerminalOutput({
      sink: {
        write: (chunk: string) => {
          text += chunk;
        },
      },
    });
    output.write('streamed ');
    output.write('words');
    output.line('next');
    output.endLine();
    output.line();
    expect(text).toBe('streamed words\nnext\n\n');
  });

  it('styles only with colour on', () => {
    const plain = createTerminalOutput({ sink: { write: () => undefined } });
    const coloured = createTerminalOutput({ sink: { write: () => undefined }, color: true });
    expect(plain.style.red('x')).toBe('x');
    expect(coloured.style.red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(coloured.style.bold('')).toBe('');
  });
});

describe('shouldUseColor', () => {
  it('follows --color / --no-color first', () => {
    expect(shouldUseColor({ env: { NO_COLOR: '1' }, flag: true, isTerminal: false })).toBe(true);
    expect(shouldUseColor({ env: { FORCE_COLOR: '1' }, flag: false, isTerminal: true })).toBe(false);
  });

  it('respects NO_COLOR, then FORCE_COLOR, then whether the output is a terminal', () => {
    expect(shouldUseColor({ env: { NO_COLOR: '1' }, isTerminal: true })).toBe(false);
    expect(shouldUseColor({ env: { NO_COLOR: '' }, isTerminal: true })).toBe(true);
    expect(shouldUseColor({ env: { FORCE_COLOR: '1' }, isTerminal: false })).toBe(true);
    expect(shouldUseColor({ env: { FORCE_COLOR: '0' }, isTerminal: true })).toBe(false);
    expect(shouldUseColor({ env: {}, isTerminal: false })).toBe(false);
  });
});
