import { ArchiveStorageError } from '@aalis/api-message-archive';
import { WellKnownKinds } from '@aalis/schema-message';
import { describe, expect, test } from 'vitest';
import { createGate } from './gate';
import { createHarness } from './index';

function archiveOf() {
  const harness = createHarness();
  return { harness, archive: harness.services.archive!, memory: harness.services.memory! };
}

describe('the recording archive and memory', () => {
  test('store inputs with their registered metadata and record every write', async () => {
    const { harness, archive } = archiveOf();
    const input = harness.input({
      sessionId: 's1',
      content: 'hi',
      groupId: 'g',
      source: { kind: 'scheduler' },
    });
    const stored = await archive.archiveIncoming(input, { turnId: 't1', entry: 'opened' });
    expect(stored).toMatchObject({ role: 'user', content: 'hi', sessionId: 's1', id: 'msg-1' });
    expect(stored.metadata).toMatchObject({
      turnId: 't1',
      turnEntry: 'opened',
      platform: 'conformance',
      group: { id: 'g' },
      source: { kind: 'scheduler' },
    });
    await archive.append('s1', [{ role: 'assistant', content: 'yo', metadata: { turnId: 't1' } }]);
    await archive.updateMetadata(stored.id, { turnId: undefined });
    expect(harness.archive.writes.map((write) => write.operation)).toEqual([
      'archiveIncoming',
      'append',
      'updateMetadata',
    ]);
    expect(harness.archive.messages('s1')[0]?.metadata.turnId).toBeUndefined();
  });

  test('give the active history without event markers, within a count limit, and count conversation only', async () => {
    const { harness, memory } = archiveOf();
    harness.archive.seed('s1', [
      { role: 'user', content: 'a' },
      { role: 'assistant', content: 'b', toolCalls: [{ id: 'c', name: 'x', arguments: '{}' }] },
      { role: 'tool', content: 'c', toolCallId: 'c' },
      { role: 'system', content: '', kind: WellKnownKinds.EventMarker },
      { role: 'system', content: 'stopped', kind: WellKnownKinds.TurnStopped },
      { role: 'user', content: 'd' },
    ]);
    expect((await memory.history('s1')).map((message) => message.content)).toEqual([
      'a',
      'b',
      'c',
      'stopped',
      'd',
    ]);
    expect((await memory.history('s1', { limit: 2 })).map((message) => message.content)).toEqual([
      'stopped',
      'd',
    ]);
    expect(await memory.countHistory('s1')).toBe(4);
    expect(harness.archive.writes).toEqual([]);
  });

  test('roll back exactly one turn and fail the next write of an operation on request', async () => {
    const { harness, archive } = archiveOf();
    await archive.append('s1', [
      { role: 'user', content: 'one', metadata: { turnId: 't1' } },
      { role: 'user', content: 'two', metadata: { turnId: 't2' } },
    ]);
    expect(await archive.rollback('s1', 't1')).toBe(1);
    expect(harness.archive.messages('s1').map((message) => message.content)).toEqual(['two']);
    harness.archive.failNext('append');
    await expect(archive.append('s1', [{ role: 'user', content: 'x' }])).rejects.toSatisfy((error) =>
      ArchiveStorageError.isInstance(error),
    );
    expect(harness.archive.writes.at(-1)).toMatchObject({ operation: 'append', failed: true });
    await archive.append('s1', [{ role: 'user', content: 'y' }]);
    expect(await archive.list('s1', { limit: 1 })).toMatchObject([{ content: 'y' }]);
  });

  test('make the next write of an operation hang on request, storing and recording nothing', async () => {
    const { harness, archive } = archiveOf();
    harness.archive.hangNext('append');
    let settled = false;
    void archive.append('s1', [{ role: 'user', content: 'lost' }]).then(() => {
      settled = true;
    });
    await archive.append('s1', [{ role: 'user', content: 'kept' }]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    expect(harness.archive.messages('s1').map((message) => message.content)).toEqual(['kept']);
    expect(harness.archive.writes.map((write) => write.operation)).toEqual(['append']);
  });

  test('make the next write of an operation wait for a gate on request, then store and record it', async () => {
    const { harness, archive } = archiveOf();
    const [stored] = await archive.append('s1', [{ role: 'assistant', content: 'reply' }]);
    const gate = createGate();
    harness.archive.holdNext('updateMetadata', gate);
    let settled = false;
    const writing = archive.updateMetadata(stored!.id, { note: 'late' }).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    expect(harness.archive.messages('s1')[0]?.metadata.note).toBeUndefined();
    gate.open();
    await writing;
    expect(harness.archive.messages('s1')[0]?.metadata.note).toBe('late');
    await archive.updateMetadata(stored!.id, { note: 'at once' });
    expect(harness.archive.writes.map((write) => write.operation)).toEqual([
      'append',
      'updateMetadata',
      'updateMetadata',
    ]);
  });
});
