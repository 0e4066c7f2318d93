import { describe, expect, it } from 'vitest';
import { ChatAbortedError, ChatFailedError, LlmError, ModelNotFoundError } from './index';

describe('model service errors', () => {
  it('carries the status and retryability of a failed call', () => {
    const error = new ChatFailedError('rate limited', { status: 429, retryable: true });
    expect(error.code).toBe('CHAT_FAILED');
    expect(error.status).toBe(429);
    expect(error.retryable).toBe(true);
    expect(new ChatFailedError('bad').retryable).toBe(false);
  });

  it('keeps the abort reason as the cause of an aborted call', () => {
    const reason = new Error('stopped');
    const error = new ChatAbortedError({ cause: reason });
    expect(error.code).toBe('CHAT_ABORTED');
    expect(error.cause).toBe(reason);
  });

  it('names the unknown model', () => {
    const error = new ModelNotFoundError('openai/nope');
    expect(error.model).toBe('openai/nope');
    expect(error.message).toContain('openai/nope');
  });

  it('tells the error classes apart, across installed copies too', () => {
    const aborted = new ChatAbortedError();
    expect(LlmError.isInstance(aborted)).toBe(true);
    expect(ChatAbortedError.isInstance(aborted)).toBe(true);
    expect(ChatFailedError.isInstance(aborted)).toBe(false);
    const foreign = Object.assign(new Error('x'), { code: 'MODEL_NOT_FOUND' });
    Object.defineProperty(foreign, Symbol.for('@aalis/api-llm/error'), { value: true });
    expect(ModelNotFoundError.isInstance(foreign)).toBe(true);
    expect(LlmError.isInstance(new Error('plain'))).toBe(false);
  });
});
