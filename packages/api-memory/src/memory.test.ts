import type { ServiceBindContext } from '@aalis/core';
import { describe, expect, it } from 'vitest';
import { type MemoryService, memory } from './index';

function fakeMemory(count: number): MemoryService {
  return {
    history: async () => [],
    countHistory: async () => count,
    clearHistory: async () => {},
  };
}

describe('memory descriptor', () => {
  it('is the `memory` service', () => {
    expect(memory.name).toBe('memory');
  });

  it('forwards each call to the provider selected at the moment of the call', async () => {
    let current = fakeMemory(1);
    const context: ServiceBindContext<MemoryService> = {
      current: () => current,
      currentOrUndefined: () => current,
      owner: undefined,
      register: () => () => {},
    };
    const handle = memory.bind(context);
    expect(await handle.countHistory('s')).toBe(1);
    current = fakeMemory(2);
    expect(await handle.countHistory('s')).toBe(2);
  });
});
