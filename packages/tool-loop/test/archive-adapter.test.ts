import { createTurnPersistence, InMemoryArchiveStore } from '@aalis/archive-adapter';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { Harness, roleAndContent } from './support/harness';
import { weatherTool } from './support/tools';

describe('with the persistence conventions of @aalis/archive-adapter', () => {
  it('[ARC-2] failed and executed calls show their call ids in the stored results and in the timeline tool_call segments', async () => {
    const harness = new Harness({
      steps: [
        {
          toolCalls: [
            { id: 'unknown', name: 'teleport' },
            { id: 'ok', name: 'weather', arguments: { city: 'Paris' } },
          ],
        },
        { text: 'Done.' },
      ],
      tools: [weatherTool()],
      kind: 'room',
      withoutArchive: true,
    });
    const store = new InMemoryArchiveStore();
    const persistence = createTurnPersistence({ archive: store, memory: store }).beginTurn({
      turnId: harness.turnId,
      sessionId: harness.sessionId,
    });
    await persistence.archiveOpened(harness.inputs);
    let next = 0;

    const result = await harness.run({ persistence, createCallId: () => `call-${++next}` });

    expect(result.outcome).toBe('replied');
    expect(harness.inputs[0]?.archived).toBeDefined();
    const stored = await store.list('s1');
    expect(
      stored.filter((message) => message.role === 'tool').map((message) => message.metadata[Keys.CallId]),
    ).toEqual(['call-1', 'call-2']);
    expect(result.reply?.metadata[Keys.TurnId]).toBe('turn-1');
    const timeline = await store.timeline('s1');
    const turn = timeline.items.find((item) => item.type === 'turn');
    const callIds =
      turn?.type === 'turn'
        ? turn.segments.map((segment) => segment.type === 'tool_call' && segment.callId)
        : [];
    expect(callIds.filter((callId) => callId !== false)).toEqual(['call-1', 'call-2']);
  });

  it('[SCH-2] a joined input is archived with the turn id and entry joined, and history excludes the turn own inputs', async () => {
    const harness = new Harness({ steps: [{ text: 'Hi both.' }], withoutArchive: true });
    const store = new InMemoryArchiveStore();
    await store.append('s1', [{ role: 'user', content: 'earlier', metadata: {} }]);
    const persistence = createTurnPersistence({ archive: store, memory: store }).beginTurn({
      turnId: harness.turnId,
      sessionId: harness.sessionId,
    });
    await persistence.archiveOpened(harness.inputs);
    harness.pending.push({ message: { ...harness.inputs[0]!.message, content: 'me too' } });

    await harness.run({ persistence });

    expect(roleAndContent(harness.model.requests[0]?.messages)).toEqual([
      { role: 'user', content: 'earlier' },
      { role: 'user', content: 'hello' },
      { role: 'user', content: 'me too' },
    ]);
    const joined = (await store.list('s1')).find((message) => message.content === 'me too');
    expect(joined?.metadata).toMatchObject({ [Keys.TurnId]: 'turn-1', [Keys.TurnEntry]: 'joined' });
  });
});
