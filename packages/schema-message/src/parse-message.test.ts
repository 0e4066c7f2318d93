import { describe, expect, it } from 'vitest';
import {
  type Message,
  MessageValidationError,
  parseMessage,
  WellKnownKinds,
  WellKnownMetadataKeys,
} from './index';

const row: Message = {
  id: 'msg-1',
  sessionId: 's1',
  role: 'assistant',
  content: '',
  toolCalls: [{ id: 'call_1', name: 'clock', arguments: '{}' }],
  metadata: { [WellKnownMetadataKeys.TurnId]: 't1', 'acme.flag': { nested: true } },
  createdAt: 1,
};

function validationErrorOf(value: unknown): MessageValidationError {
  try {
    parseMessage(value);
  } catch (error) {
    if (MessageValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected parseMessage to throw');
}

describe('parseMessage', () => {
  it('reads back a valid row, plugin metadata keys included', () => {
    expect(parseMessage(row)).toEqual(row);
  });

  it('reads a row without metadata as having empty metadata', () => {
    const { metadata: _metadata, ...bare } = row;
    expect(parseMessage(bare).metadata).toEqual({});
  });

  it('accepts an event marker carrying a turn record', () => {
    const marker = {
      id: 'msg-2',
      sessionId: 's1',
      role: 'system',
      content: '',
      kind: WellKnownKinds.EventMarker,
      metadata: { turnId: 't1', turnRecord: { outcome: 'silent' } },
      createdAt: 2,
    };
    expect(parseMessage(marker)).toEqual(marker);
  });

  it('names the bad registered metadata key and the row of a corrupt row', () => {
    const error = validationErrorOf({ ...row, metadata: { [WellKnownMetadataKeys.TurnEntry]: 'sideways' } });
    expect(error.code).toBe('INVALID_STORED_MESSAGE');
    expect(error.field).toBe('metadata.turnEntry');
    expect(error.messageId).toBe('msg-1');
    expect(error.message).toContain('msg-1');
  });

  it('names the bad field of a tool call', () => {
    const error = validationErrorOf({ ...row, toolCalls: [{ id: 'c', name: 'clock', arguments: {} }] });
    expect(error.field).toBe('toolCalls.0.arguments');
  });

  it('leaves the row id out of the error when the row has none', () => {
    expect(validationErrorOf({ role: 'user' }).messageId).toBeUndefined();
  });
});
