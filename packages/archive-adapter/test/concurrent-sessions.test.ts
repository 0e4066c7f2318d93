import type { MessageArchiveService } from '@aalis/api-message-archive';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTurnPersistence } from '../src/index';
import { storeFactories } from './store-factories';

const sessionIds = ['s1', 's2', 's3'];
const turnsPerSession = 3;

/** The archive with every call held until the fast-check scheduler releases it. */
function scheduled(archive: MessageArchiveService, scheduler: fc.Scheduler): MessageArchiveService {
  const hold = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    await scheduler.schedule(Promise.resolve(), label);
    return work();
  };
  return {
    archiveIncoming: (message, options) =>
      hold('archiveIncoming', () => archive.archiveIncoming(message, options)),
    append: (sessionId, messages) => hold(`append ${sessionId}`, () => archive.append(sessionId, messages)),
    updateMetadata: (messageId, patch) =>
      hold('updateMetadata', () => archive.updateMetadata(messageId, patch)),
    rollback: (sessionId, turnId) => hold('rollback', () => archive.rollback(sessionId, turnId)),
    list: (sessionId, options) => archive.list(sessionId, options),
    get: (messageId) => archive.get(messageId),
    clear: (ids) => archive.clear(ids),
  };
}

/** The contents one session writes, in its own order. */
function expectedContents(sessionId: string): string[] {
  const contents: string[] = [];
  for (let turn = 1; turn <= turnsPerSession; turn += 1) {
    const turnId = `${sessionId}-t${turn}`;
    contents.push(
      `${turnId} question`,
      `${turnId} thinking`,
      `${turnId} result`,
      `${turnId} joined`,
      `${turnId} answer`,
    );
  }
  return contents;
}

async function runSession(archive: MessageArchiveService, sessionId: string): Promise<void> {
  const persistence = createTurnPersistence({ archive });
  const input = (content: string) => ({ message: { content, sessionId, platform: 'web', userId: 'u' } });
  for (let turn = 1; turn <= turnsPerSession; turn += 1) {
    const turnId = `${sessionId}-t${turn}`;
    const writer = persistence.beginTurn({ turnId, sessionId });
    await writer.archiveOpened([input(`${turnId} question`)]);
    await writer.persistToolGroup({
      assistant: { content: `${turnId} thinking`, toolCalls: [{ id: 'c', name: 'tool', arguments: '{}' }] },
      results: [{ toolCallId: 'c', callId: `${turnId}-k`, content: `${turnId} result` }],
    });
    await writer.archiveJoined([input(`${turnId} joined`)]);
    await writer.persistReply({
      content: `${turnId} answer`,
      model: 'm',
      tokens: {},
      platform: 'web',
      sent: true,
    });
    await writer.finish({ record: { outcome: 'replied' } });
  }
}

describe.each(storeFactories)('concurrent sessions over $name', (factory) => {
  it('sessions writing at the same time each keep their own order, turn records included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), async (scheduler) => {
        const store = factory.create();
        try {
          const archive = scheduled(store, scheduler);
          const done = Promise.all(sessionIds.map((sessionId) => runSession(archive, sessionId)));
          await scheduler.waitFor(done);
          for (const sessionId of sessionIds) {
            const messages = await store.list(sessionId);
            expect(messages.map((message) => message.content).filter((content) => content !== '')).toEqual(
              expectedContents(sessionId),
            );
            const timeline = await store.timeline(sessionId);
            expect(
              timeline.items.map((item) => (item.type === 'turn' ? item.record?.outcome : 'loose')),
            ).toEqual(Array.from({ length: turnsPerSession }, () => 'replied'));
          }
        } finally {
          await store.close();
        }
      }),
      { numRuns: 40 },
    );
  });
});
