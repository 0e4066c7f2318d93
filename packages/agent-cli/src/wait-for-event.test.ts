import { createApp, events } from '@aalis/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@aalis/api-agent';
import { DemoStepError } from './index';
import { waitForEvent } from './wait-for-event';

afterEach(() => {
  vi.useRealTimers();
});

describe('waitForEvent', () => {
  it('resolves with the first event it accepts and stops listening', async () => {
    const bus = createApp().service(events).use;
    const waited = waitForEvent({
      events: bus,
      name: 'agent:queue',
      accept: (event) => event.waiting.length === 2,
      what: 'two waiting',
    });
    await bus.emit('agent:queue', { sessionId: 's', waiting: [] });
    const two = {
      sessionId: 's',
      waiting: [
        { content: 'a', sessionId: 's', platform: 'p', userId: 'u' },
        { content: 'b', sessionId: 's', platform: 'p', userId: 'u' },
      ],
    };
    await bus.emit('agent:queue', two);
    expect(await waited).toBe(two);
    expect(bus.listenerCount('agent:queue')).toBe(0);
  });

  it('rejects with DemoStepError naming the step when nothing came before the deadline', async () => {
    vi.useFakeTimers();
    const bus = createApp().service(events).use;
    const waited = waitForEvent({ events: bus, name: 'agent:queue', what: 'the queue event', timeoutMs: 50 });
    const outcome = waited.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(50);
    const error = await outcome;
    expect(DemoStepError.isInstance(error)).toBe(true);
    expect((error as DemoStepError).message).toBe('the queue event did not happen within 50 ms');
    expect(bus.listenerCount('agent:queue')).toBe(0);
  });
});
