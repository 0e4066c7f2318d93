import { describe, expect, it } from 'vitest';
import {
  type IncomingMessage,
  MessageValidationError,
  parseIncomingMessage,
  SchemaMessageError,
} from './index';

const valid: IncomingMessage = {
  content: 'hello',
  sessionId: 'qq:group:42',
  platform: 'qq',
  userId: 'u1',
  nickname: 'Ann',
  actor: { id: 'u1', name: 'Ann', roles: ['admin'] },
  triggerType: 'mention',
  sessionType: 'group',
  groupId: '42',
  groupName: 'Cats',
  attachments: [{ kind: 'image', url: 'https://example.com/a.png', mimeType: 'image/png' }],
  replyTo: { messageId: 'm0', content: 'earlier' },
  messageId: 'm1',
  timestamp: 1_700_000_000_000,
};

function validationErrorOf(value: unknown): MessageValidationError {
  try {
    parseIncomingMessage(value);
  } catch (error) {
    if (MessageValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected parseIncomingMessage to throw');
}

describe('parseIncomingMessage', () => {
  it('returns every field of a valid message unchanged', () => {
    expect(parseIncomingMessage(valid)).toEqual(valid);
  });

  it('accepts an injection with a source and an idle trigger', () => {
    const injected = {
      content: '',
      sessionId: 's',
      platform: 'web',
      userId: 'scheduler',
      source: { kind: 'scheduler', id: 'job-1', label: { key: 'jobs.daily', fallback: 'Daily' } },
      triggerType: 'idle',
    };
    expect(parseIncomingMessage(injected)).toEqual(injected);
  });

  it('drops properties the schema does not know', () => {
    const parsed = parseIncomingMessage({ ...valid, extra: 1 });
    expect(parsed).not.toHaveProperty('extra');
  });

  it('[SVC-3] names the bad nested field of an invalid input', () => {
    const error = validationErrorOf({ ...valid, actor: { id: 7 } });
    expect(error.code).toBe('INVALID_INCOMING_MESSAGE');
    expect(error.field).toBe('actor.id');
    expect(error.message).toContain('actor.id');
  });

  it('[SVC-3] names a missing required field', () => {
    const { sessionId: _removed, ...withoutSession } = valid;
    expect(validationErrorOf(withoutSession).field).toBe('sessionId');
  });

  it('rejects a session id with a lone surrogate, naming sessionId', () => {
    for (const sessionId of ['x\uD800y', '\uDC00', 'ends in \uD83D']) {
      const error = validationErrorOf({ ...valid, sessionId });
      expect(error.code).toBe('INVALID_INCOMING_MESSAGE');
      expect(error.field).toBe('sessionId');
      expect(error.message).toMatch(/sessionId: must be well-formed UTF-16 text/);
    }
    expect(parseIncomingMessage({ ...valid, sessionId: 'room \uD83D\uDE00' }).sessionId).toBe(
      'room \uD83D\uDE00',
    );
  });

  it('names the attachment that has neither url nor data by its index', () => {
    const error = validationErrorOf({ ...valid, attachments: [{ kind: 'file', name: 'a.txt' }] });
    expect(error.field).toBe('attachments.0.url');
  });

  it('rejects an unknown trigger type and lists every issue', () => {
    const error = validationErrorOf({ ...valid, triggerType: 'shout', timestamp: -1 });
    expect(error.issues.map((issue) => issue.field)).toEqual(['triggerType', 'timestamp']);
  });

  it('reports a value that is not an object at the root', () => {
    expect(validationErrorOf('hello').field).toBe('(root)');
  });

  it('throws an error that is a SchemaMessageError and keeps the zod error as cause', () => {
    const error = validationErrorOf({});
    expect(SchemaMessageError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.cause).toBeDefined();
  });
});
