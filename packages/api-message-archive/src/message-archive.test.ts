import type { ServiceBindContext } from '@aalis/core';
import type { Message } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { type MessageArchiveService, messageArchive } from './index';

function fakeArchive(rolledBack: number): MessageArchiveService {
  const unused = async (): Promise<never> => {
    throw new Error('not scripted');
  };
  return {
    archiveIncoming: unused,
    append: async (): Promise<Message[]> => [],
    updateMetadata: unused,
    rollback: async () => rolledBack,
    list: async () => [],
    get: async () => undefined,
    clear: async () => 0,
  };
}

describe('messageArchive descriptor', () => {
  it('is the `message-archive` service', () => {
    expect(messageArchive.name).toBe('message-archive');
  });

  it('forwards each call to the provider selected at the moment of the call', async () => {
    let current = fakeArchive(1);
    const context: ServiceBindContext<MessageArchiveService> = {
      current: () => current,
      currentOrUndefined: () => current,
      owner: undefined,
      register: () => () => {},
    };
    const handle = messageArchive.bind(context);
    expect(await handle.rollback('s', 't')).toBe(1);
    current = fakeArchive(3);
    expect(await handle.rollback('s', 't')).toBe(3);
  });
});
