import type { Message } from '@aalis/schema-message';
import { WellKnownKinds } from '@aalis/schema-message';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectHistory } from './index';

let nextId = 0;
function message(fields: Partial<Message> & Pick<Message, 'role'>): Message {
  nextId += 1;
  return {
    id: `m${nextId}`,
    sessionId: 's',
    content: `c${nextId}`,
    metadata: {},
    createdAt: nextId,
    ...fields,
  };
}

const user = () => message({ role: 'user' });
const call = () =>
  message({ role: 'assistant', content: '', toolCalls: [{ id: 'x', name: 'tool', arguments: '{}' }] });
const result = () => message({ role: 'tool', toolCallId: 'x' });
const stop = () => message({ role: 'system', kind: WellKnownKinds.TurnStopped });
const event = () => message({ role: 'system', kind: WellKnownKinds.EventMarker, content: '' });

describe('selectHistory', () => {
  it('[ARC-9] leaves out event markers and keeps stop markers', () => {
    const messages = [user(), event(), stop(), user()];
    expect(selectHistory(messages)).toEqual([messages[0], messages[2], messages[3]]);
  });

  it('[USG-6] treats an absent or zero limit as no limit', () => {
    const messages = [user(), user()];
    expect(selectHistory(messages, { limit: 0 })).toEqual(messages);
    expect(selectHistory(messages, {})).toEqual(messages);
  });

  it('[USG-5] counts conversation messages only towards the limit', () => {
    const [first, marker, second] = [user(), stop(), user()];
    expect(selectHistory([first!, marker!, second!], { limit: 2 })).toEqual([first, marker, second]);
    expect(selectHistory([first!, marker!, second!], { limit: 1 })).toEqual([second]);
  });

  it('[USG-9] never starts with tool results whose call was cut off', () => {
    const messages = [user(), call(), result(), result(), user()];
    expect(selectHistory(messages, { limit: 3 })).toEqual([messages[4]]);
    expect(selectHistory(messages, { limit: 4 })).toEqual(messages.slice(1));
  });

  it('rejects a negative or fractional limit as a TypeError', () => {
    expect(() => selectHistory([], { limit: -1 })).toThrow(TypeError);
    expect(() => selectHistory([], { limit: 0.5 })).toThrow(TypeError);
  });

  it('returns at most limit conversation messages, a suffix of the active history, starting with no tool result', () => {
    const kinds = fc.constantFrom(user, call, result, stop, event);
    fc.assert(
      fc.property(fc.array(kinds, { maxLength: 30 }), fc.integer({ min: 1, max: 12 }), (makers, limit) => {
        const messages = makers.map((make) => make());
        const active = messages.filter((entry) => entry.kind !== WellKnownKinds.EventMarker);
        const window = selectHistory(messages, { limit });
        const conversation = window.filter((entry) => entry.kind === undefined);
        expect(conversation.length).toBeLessThanOrEqual(limit);
        expect(active.slice(active.length - window.length)).toEqual(window);
        if (window.length < active.length) expect(window[0]?.role).not.toBe('tool');
      }),
    );
  });
});
