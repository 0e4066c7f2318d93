import type { ServiceBindContext } from '@aalis/core';
import { describe, expect, it } from 'vitest';
import { type SessionManagerService, sessionManager } from './index';

function fakeManager(generation: number): SessionManagerService {
  return {
    generationOf: () => generation,
    getSession: () => ({ id: 's', kind: 'room', platform: 'qq' }),
    getSettings: () => undefined,
    updateSettings: async () => {},
    deleteSessions: async () => {},
  };
}

describe('sessionManager descriptor', () => {
  it('is the `session-manager` service', () => {
    expect(sessionManager.name).toBe('session-manager');
  });

  it('forwards each call to the provider selected at the moment of the call', () => {
    let current = fakeManager(1);
    const context: ServiceBindContext<SessionManagerService> = {
      current: () => current,
      currentOrUndefined: () => current,
      owner: undefined,
      register: () => () => {},
    };
    const handle = sessionManager.bind(context);
    expect(handle.generationOf('s')).toBe(1);
    current = fakeManager(2);
    expect(handle.generationOf('s')).toBe(2);
  });
});
