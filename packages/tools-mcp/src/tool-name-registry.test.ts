import { describe, expect, it } from 'vitest';
import { createToolNameRegistry } from './tool-name-registry';

describe('createToolNameRegistry', () => {
  it('keeps the same tool name of two servers apart by namespace', () => {
    const names = createToolNameRegistry();
    expect(names.claim('a', 'echo')).toBe('a__echo');
    expect(names.claim('b', 'echo')).toBe('b__echo');
  });

  it('adds a suffix when two tools come to the same name, and keeps each name while it is held', () => {
    const names = createToolNameRegistry();
    expect(names.claim('a', 'read.file')).toBe('a__read_file');
    expect(names.claim('a', 'read:file')).toBe('a__read_file_2');
    expect(names.claim('a_', '_read_file')).toBe('a____read_file');
    expect(names.claim('a', '__read_file')).toBe('a____read_file_2');
    expect(names.claim('a', 'read.file')).toBe('a__read_file');
  });

  it('gives a released name to the next tool that needs it', () => {
    const names = createToolNameRegistry();
    names.claim('a', 'read.file');
    names.release('a', 'read.file');
    expect(names.claim('a', 'read:file')).toBe('a__read_file');
  });

  it('keeps suffixed names within 64 characters', () => {
    const names = createToolNameRegistry();
    const base = 'x'.repeat(56);
    names.claim('a', `${base}.`);
    expect(names.claim('a', `${base}:`)).toBe(`a__${base}__2`);
    const long = 'y'.repeat(60);
    expect(names.claim('b', `${long}.`)).toBe(`b__${long}_`);
    expect(names.claim('b', `${long}:`)).toBe(`b__${'y'.repeat(59)}_2`);
  });

  it('names 10,000 tools that share one base name in linear time, each once', () => {
    const names = createToolNameRegistry();
    const given = new Set<string>();
    for (let index = 0; index < 10_000; index++)
      given.add(names.claim('a', `t${String.fromCharCode(0x4e00 + index)}`));
    expect(given.size).toBe(10_000);
    expect(given.has('a__t_')).toBe(true);
    expect(given.has('a__t__10000')).toBe(true);
  });
});
