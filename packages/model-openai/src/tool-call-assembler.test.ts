import { ModelInvalidResponseError } from '@aalis/model-provider-utils';
import { describe, expect, it } from 'vitest';
import { createToolCallAssembler } from './tool-call-assembler';

describe('createToolCallAssembler', () => {
  it('keeps two calls apart that reuse index 0 with different ids', () => {
    const calls = createToolCallAssembler();
    const deltas = [
      calls.add({ index: 0, id: 'a', function: { name: 'first', arguments: '{}' } }),
      calls.add({ index: 0, id: 'b', function: { name: 'second', arguments: '{}' } }),
    ];
    expect(deltas.map((delta) => delta.index)).toEqual([0, 1]);
    expect(calls.finish()).toEqual([
      { id: 'a', name: 'first', arguments: '{}' },
      { id: 'b', name: 'second', arguments: '{}' },
    ]);
  });

  it('continues the latest call at an index with a fragment that has the index but no id', () => {
    const calls = createToolCallAssembler();
    calls.add({ index: 0, id: 'a', function: { name: 'first', arguments: '{"x":' } });
    calls.add({ index: 0, function: { arguments: '1}' } });
    calls.add({ index: 0, id: 'b', function: { name: 'second', arguments: '{"y":' } });
    calls.add({ index: 0, function: { arguments: '2}' } });
    expect(calls.finish()).toEqual([
      { id: 'a', name: 'first', arguments: '{"x":1}' },
      { id: 'b', name: 'second', arguments: '{"y":2}' },
    ]);
  });

  it('matches a fragment by id before its index', () => {
    const calls = createToolCallAssembler();
    calls.add({ index: 0, id: 'a', function: { name: 'first', arguments: '{"x":' } });
    calls.add({ index: 1, id: 'b', function: { name: 'second', arguments: '{}' } });
    calls.add({ index: 1, id: 'a', function: { arguments: '1}' } });
    expect(calls.finish().map((call) => call.arguments)).toEqual(['{"x":1}', '{}']);
  });

  it('gives a call that started without an id the id of a later fragment at its index', () => {
    const calls = createToolCallAssembler();
    calls.add({ index: 0, function: { name: 'first', arguments: '{' } });
    calls.add({ index: 0, id: 'late', function: { arguments: '}' } });
    expect(calls.finish()).toEqual([{ id: 'late', name: 'first', arguments: '{}' }]);
  });

  it('sends arguments given as an object as JSON text, never as [object Object]', () => {
    const calls = createToolCallAssembler();
    const delta = calls.add({
      index: 0,
      id: 'a',
      function: { name: 'weather', arguments: { city: 'Paris' } },
    });
    expect(delta.argumentsText).toBe('{"city":"Paris"}');
    expect(calls.finish()[0]?.arguments).toBe('{"city":"Paris"}');
  });

  it('ignores an id or a name that is not a string, and throws for a call that never got a name', () => {
    const calls = createToolCallAssembler();
    calls.add({ index: 0, id: 5, function: { name: { nested: true }, arguments: '{}' } });
    expect(() => calls.finish()).toThrow(ModelInvalidResponseError);
  });
});
