import { describe, expect, it } from 'vitest';
import { createGreeter, plainGreeter, recordErrors } from '../test/fixtures';
import { createApp, defineService, ServiceUnavailableError } from './index';

describe('defineService', () => {
  it('[SVC-4] forwards each call of the default business handle to the provider current at the call', () => {
    const app = createApp(recordErrors());
    const first = createGreeter('first');
    const second = createGreeter('second');
    const handle = app.service(plainGreeter);
    app.provide(plainGreeter, first.greeter, { name: 'first' });
    app.provide(plainGreeter, second.greeter, { name: 'second' });
    const greet = handle.use.greet;
    expect(handle.use.greet('ann')).toBe('first: hello ann');
    app.select(plainGreeter, 'second');
    expect(handle.use.greet('ann')).toBe('second: hello ann');
    expect(greet('bob')).toBe('first: hello bob');
  });

  it('throws ServiceUnavailableError through the handle when no provider is selected', () => {
    const app = createApp(recordErrors());
    const handle = app.service(plainGreeter);
    expect(handle.available()).toBe(false);
    expect(() => handle.use.greet('ann')).toThrow(ServiceUnavailableError);
    expect('greet' in handle.use).toBe(false);
    app.provide(plainGreeter, createGreeter('only').greeter);
    expect(handle.available()).toBe(true);
    expect('greet' in handle.use).toBe(true);
  });

  it('names the missing service in the error', () => {
    const app = createApp(recordErrors());
    try {
      app.service(plainGreeter).use.greet('ann');
      expect.unreachable();
    } catch (error) {
      expect(ServiceUnavailableError.isInstance(error)).toBe(true);
      expect((error as ServiceUnavailableError).service).toBe('test-plain-greeter');
      expect((error as ServiceUnavailableError).code).toBe('SERVICE_UNAVAILABLE');
    }
  });

  it('rejects an empty service name with a TypeError', () => {
    expect(() => defineService({ name: '' })).toThrow(TypeError);
  });
});
