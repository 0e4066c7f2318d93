import { describe, expect, it } from 'vitest';
import { deferred, recordErrors } from '../test/fixtures';
import { createApp, definePlugin, type EventBus, EventListenerError, events } from './index';

declare module './index' {
  interface EventMap {
    'test:ping': { count: number };
    'test:deleted': { sessionId: string };
  }
}

describe('events', () => {
  it('calls listeners in registration order with the payload', async () => {
    const app = createApp(recordErrors());
    const bus = app.service(events).use;
    const seen: string[] = [];
    bus.on('test:ping', (payload) => {
      seen.push(`first ${payload.count}`);
    });
    bus.on('test:ping', (payload) => {
      seen.push(`second ${payload.count}`);
    });
    await bus.emit('test:ping', { count: 1 });
    expect(seen).toEqual(['first 1', 'second 1']);
  });

  it('resolves emit only once every async listener settled', async () => {
    const app = createApp(recordErrors());
    const bus = app.service(events).use;
    const turnEnded = deferred();
    let emitted = false;
    bus.on('test:deleted', async () => {
      await turnEnded.promise;
    });
    const emitting = bus.emit('test:deleted', { sessionId: 's1' }).then(() => {
      emitted = true;
    });
    await Promise.resolve();
    expect(emitted).toBe(false);
    turnEnded.resolve();
    await emitting;
    expect(emitted).toBe(true);
  });

  it('isolates a throwing or rejecting listener: the others run, emit resolves, the failure is reported', async () => {
    const { errors, onError } = recordErrors();
    const app = createApp({ onError });
    const bus = app.service(events).use;
    const seen: number[] = [];
    bus.on('test:ping', () => {
      throw new Error('sync failure');
    });
    bus.on('test:ping', () => Promise.reject(new Error('async failure')));
    bus.on('test:ping', (payload) => {
      seen.push(payload.count);
    });
    await expect(bus.emit('test:ping', { count: 7 })).resolves.toBeUndefined();
    expect(seen).toEqual([7]);
    expect(errors).toHaveLength(2);
    expect(errors.every((error) => EventListenerError.isInstance(error))).toBe(true);
    expect(errors[0]).toMatchObject({ eventName: 'test:ping', code: 'EVENT_LISTENER_FAILED' });
  });

  it('calls a once listener for the next event only', async () => {
    const app = createApp(recordErrors());
    const bus = app.service(events).use;
    const seen: number[] = [];
    bus.once('test:ping', (payload) => {
      seen.push(payload.count);
    });
    await bus.emit('test:ping', { count: 1 });
    await bus.emit('test:ping', { count: 2 });
    expect(seen).toEqual([1]);
    expect(bus.listenerCount('test:ping')).toBe(0);
  });

  it('keeps two registrations of one function independent', async () => {
    const app = createApp(recordErrors());
    const bus = app.service(events).use;
    let calls = 0;
    const listener = () => {
      calls += 1;
    };
    const disposeFirst = bus.on('test:ping', listener);
    bus.on('test:ping', listener);
    disposeFirst();
    await bus.emit('test:ping', { count: 1 });
    expect(calls).toBe(1);
  });

  it('withdraws the listeners of a plugin when it deactivates', async () => {
    const app = createApp(recordErrors());
    const seen: number[] = [];
    const instance = app.plugin(
      definePlugin({
        name: '@test/listener',
        uses: { events },
        apply({ events: bus }) {
          bus.use.on('test:ping', (payload) => {
            seen.push(payload.count);
          });
        },
      }),
    );
    const bus = app.service(events).use;
    await bus.emit('test:ping', { count: 1 });
    await instance.dispose();
    await bus.emit('test:ping', { count: 2 });
    expect(seen).toEqual([1]);
  });

  it('moves listeners to another events provider when it is selected', async () => {
    const app = createApp(recordErrors());
    const bus = app.service(events).use;
    const seen: number[] = [];
    bus.on('test:ping', (payload) => {
      seen.push(payload.count);
    });
    const received: unknown[] = [];
    const replacement = {
      on: (_name: string, listener: (payload: unknown) => void) => {
        received.push(listener);
        return () => undefined;
      },
      once: () => () => undefined,
      emit: async () => undefined,
      listenerCount: () => received.length,
    };
    app.provide(events, replacement as unknown as EventBus, { name: 'replacement' });
    app.select(events, 'replacement');
    expect(received).toHaveLength(1);
    app.select(events, 'core');
    await bus.emit('test:ping', { count: 3 });
    expect(seen).toEqual([3]);
  });

  it('rejects an empty event name and a listener that is not a function with a TypeError', async () => {
    const app = createApp(recordErrors());
    const bus = app.service(events).use as unknown as {
      on: (name: string, listener: unknown) => () => void;
      emit: (name: string, payload: unknown) => Promise<void>;
    };
    expect(() => bus.on('test:ping', 'nope')).toThrow(TypeError);
    expect(() => bus.on('', () => undefined)).toThrow(TypeError);
    expect(() => bus.emit('', {})).toThrow(TypeError);
  });
});
