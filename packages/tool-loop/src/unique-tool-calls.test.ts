import { describe, expect, it } from 'vitest';
import { uniqueToolCalls } from './unique-tool-calls';

describe('uniqueToolCalls', () => {
  it('keeps well-formed calls as the same objects', () => {
    const calls = [{ id: 'a', name: 'clock', arguments: '{}' }];
    expect(uniqueToolCalls(calls)[0]).toBe(calls[0]);
  });

  it('gives missing and repeated ids a unique replacement', () => {
    const calls = uniqueToolCalls([
      { id: 'a', name: 'clock', arguments: '{}' },
      { id: 'a', name: 'clock', arguments: '{}' },
      { id: '', name: 'clock', arguments: '{}' },
      { id: 'a_1', name: 'clock', arguments: '{}' },
    ]);
    expect(calls.map((call) => call.id)).toEqual(['a', 'a_1', 'call_2', 'a_1_1']);
  });

  it('turns arguments that are not text into JSON text', () => {
    const call = { id: 'a', name: 'clock', arguments: { zone: 'UTC' } } as unknown as {
      id: string;
      name: string;
      arguments: string;
    };
    expect(uniqueToolCalls([call])[0]?.arguments).toBe('{"zone":"UTC"}');
  });
});
