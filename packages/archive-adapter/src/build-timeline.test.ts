import type { Message } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './index';

let nextId = 0;
function message(fields: Partial<Message> & Pick<Message, 'role'>): Message {
  nextId += 1;
  return { id: `m${nextId}`, sessionId: 's1', content: '', metadata: {}, createdAt: nextId, ...fields };
}

describe('buildTimeline', () => {
  it('groups messages by turn id in stored order and keeps messages without turn id loose', () => {
    const released = message({ role: 'user', content: 'released' });
    const input = message({
      role: 'user',
      content: 'q',
      metadata: { [Keys.TurnId]: 't1', [Keys.TurnEntry]: 'opened' },
    });
    const reply = message({
      role: 'assistant',
      content: 'a',
      metadata: { [Keys.TurnId]: 't1', [Keys.TurnRecord]: { outcome: 'replied' } },
    });
    const timeline = buildTimeline('s1', [input, released, reply]);
    expect(timeline).toEqual({
      sessionId: 's1',
      items: [
        {
          type: 'turn',
          turnId: 't1',
          segments: [
            { type: 'input', entry: 'opened', message: input },
            { type: 'text', notSent: false, message: reply },
          ],
          record: { outcome: 'replied' },
          stopped: false,
          stoppedBy: undefined,
        },
        { type: 'message', message: released },
      ],
    });
  });

  it('[ARC-2] pairs each result with the call of its own group even when models reuse call ids', () => {
    const turn = { [Keys.TurnId]: 't1' };
    const messages = [
      message({
        role: 'assistant',
        toolCalls: [{ id: 'call_0', name: 'a', arguments: '{}' }],
        metadata: turn,
      }),
      message({
        role: 'tool',
        toolCallId: 'call_0',
        content: 'first',
        metadata: { ...turn, [Keys.CallId]: 'k1' },
      }),
      message({
        role: 'assistant',
        toolCalls: [{ id: 'call_0', name: 'b', arguments: '{}' }],
        metadata: turn,
      }),
      message({
        role: 'tool',
        toolCallId: 'call_0',
        content: 'second',
        metadata: { ...turn, [Keys.CallId]: 'k2' },
      }),
      message({
        role: 'tool',
        toolCallId: 'stray',
        content: 'orphan',
        metadata: { ...turn, [Keys.CallId]: 'k3' },
      }),
    ];
    const [item] = buildTimeline('s1', messages).items;
    const segments = item?.type === 'turn' ? item.segments : [];
    expect(
      segments.map((segment) =>
        segment.type === 'tool_call'
          ? [segment.callId, segment.call?.name, segment.result?.content]
          : segment.type,
      ),
    ).toEqual([
      ['k1', 'a', 'first'],
      ['k2', 'b', 'second'],
      ['k3', undefined, 'orphan'],
    ]);
  });

  it('[ARC-8] [ARC-9] takes the record from the event marker and the stop from the stop marker without drawing either', () => {
    const by = { id: 'alice', name: 'Alice' };
    const messages = [
      message({ role: 'user', content: 'q', metadata: { [Keys.TurnId]: 't1', [Keys.TurnEntry]: 'opened' } }),
      message({
        role: 'system',
        kind: WellKnownKinds.TurnStopped,
        content: 'stopped',
        metadata: { [Keys.TurnId]: 't1', [Keys.StoppedBy]: by },
      }),
      message({
        role: 'system',
        kind: WellKnownKinds.EventMarker,
        metadata: { [Keys.TurnId]: 't1', [Keys.TurnRecord]: { outcome: 'aborted' } },
      }),
    ];
    const [item] = buildTimeline('s1', messages).items;
    expect(item).toMatchObject({ stopped: true, stoppedBy: by, record: { outcome: 'aborted' } });
    expect(item?.type === 'turn' ? item.segments.map((segment) => segment.type) : []).toEqual(['input']);
  });
});
