import { buildTimeline } from '@aalis/archive-adapter';
import { WellKnownMetadataKeys as Keys, type Message, WellKnownKinds } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { formatTimeline } from './index';

let next = 0;
function message(draft: Omit<Message, 'id' | 'sessionId' | 'createdAt'>): Message {
  next += 1;
  return { id: `m${next}`, sessionId: 's1', createdAt: next, ...draft };
}

describe('formatTimeline', () => {
  it('[ARC-2] [ARC-6] [ARC-8] [ARC-9] shows turns with outcome, entries, call ids, text and stop markers', () => {
    const messages: Message[] = [
      message({
        role: 'user',
        content: 'What time is it?',
        metadata: {
          [Keys.TurnId]: 't1',
          [Keys.TurnEntry]: 'opened',
          [Keys.Sender]: { userId: 'u1', nickname: 'Ann' },
        },
      }),
      message({
        role: 'assistant',
        content: 'One moment.',
        toolCalls: [{ id: 'x1', name: 'clock', arguments: '{}' }],
        metadata: { [Keys.TurnId]: 't1', [Keys.NotSent]: true },
      }),
      message({
        role: 'tool',
        content: '09:30',
        toolCallId: 'x1',
        metadata: { [Keys.TurnId]: 't1', [Keys.CallId]: 'call-1' },
      }),
      message({
        role: 'user',
        content: 'And 12*7?',
        metadata: { [Keys.TurnId]: 't1', [Keys.TurnEntry]: 'joined', [Keys.Sender]: { userId: 'u1' } },
      }),
      message({
        role: 'assistant',
        content: 'It is 09:30.',
        metadata: { [Keys.TurnId]: 't1', [Keys.TurnRecord]: { outcome: 'replied' } },
      }),
      message({
        role: 'user',
        content: 'Tell me a story',
        metadata: { [Keys.TurnId]: 't2', [Keys.TurnEntry]: 'opened', [Keys.Source]: { kind: 'reminder' } },
      }),
      message({
        role: 'system',
        kind: WellKnownKinds.TurnStopped,
        content: 'stopped',
        metadata: { [Keys.TurnId]: 't2', [Keys.StoppedBy]: { id: 'u1', name: 'Ann' } },
      }),
      message({
        role: 'system',
        kind: WellKnownKinds.EventMarker,
        content: '',
        metadata: {
          [Keys.TurnId]: 't2',
          [Keys.TurnRecord]: { outcome: 'aborted', source: { kind: 'reminder' } },
        },
      }),
      message({ role: 'user', content: 'released', metadata: { [Keys.Sender]: { userId: 'u1' } } }),
    ];
    expect(formatTimeline(buildTimeline('s1', messages))).toEqual([
      'turn t1 · replied',
      '  ▸ opened: Ann › What time is it?',
      '  ◂ aalis (not sent): One moment.',
      '  ⚙ clock {} [call-1] → 09:30',
      '  ▸ joined: u1 › And 12*7?',
      '  ◂ aalis: It is 09:30.',
      'turn t2 · aborted · source reminder',
      '  ▸ opened: [reminder] › Tell me a story',
      '  ■ stop marker: stopped by Ann',
      '• outside any turn: u1 › released',
    ]);
  });

  it('says when there is no history, and when a turn has no record yet', () => {
    expect(formatTimeline({ sessionId: 's1', items: [] })).toEqual(['(no history)']);
    const running = buildTimeline('s1', [
      message({ role: 'user', content: 'hi', metadata: { [Keys.TurnId]: 't9', [Keys.TurnEntry]: 'opened' } }),
    ]);
    expect(formatTimeline(running, { assistantName: 'bot' })[0]).toBe('turn t9 · (no turn record)');
  });
});
