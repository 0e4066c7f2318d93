import { describe, expect, it } from 'vitest';
import { deferred, recordErrors } from '../test/fixtures';
import { createApp, DrainError, definePlugin, lifecycle } from './index';

describe('lifecycle', () => {
  it('[DRN-1] runs every drain callback concurrently and resolves once all settled', async () => {
    const app = createApp(recordErrors());
    const life = app.service(lifecycle).use;
    const first = deferred();
    const started: string[] = [];
    life.onDrain(async () => {
      started.push('first');
      await first.promise;
    });
    life.onDrain(() => {
      started.push('second');
    });
    let drained = false;
    const draining = app.drain().then(() => {
      drained = true;
    });
    expect(started).toEqual(['first', 'second']);
    expect(life.isDraining()).toBe(true);
    // A whole turn of the event loop: a drain that did not wait for the pending callback
    // would have resolved by then.
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);
    first.resolve();
    await draining;
    expect(drained).toBe(true);
  });

  it('drains once: later calls return the same promise and callbacks run once', async () => {
    const app = createApp(recordErrors());
    let runs = 0;
    app.service(lifecycle).use.onDrain(() => {
      runs += 1;
    });
    expect(app.drain()).toBe(app.drain());
    await app.drain();
    expect(runs).toBe(1);
  });

  it('rejects with DrainError after every callback settled when some failed', async () => {
    const app = createApp(recordErrors());
    const life = app.service(lifecycle).use;
    let slowDone = false;
    const slow = deferred();
    life.onDrain(() => {
      throw new Error('first failure');
    });
    life.onDrain(async () => {
      await slow.promise;
      slowDone = true;
    });
    life.onDrain(() => Promise.reject(new Error('second failure')));
    const draining = app.drain();
    slow.resolve();
    const error = await draining.catch((failure: unknown) => failure);
    expect(slowDone).toBe(true);
    expect(DrainError.isInstance(error)).toBe(true);
    const cause = (error as DrainError).cause as AggregateError;
    expect(cause.errors.map((failure: Error) => failure.message)).toEqual([
      'first failure',
      'second failure',
    ]);
  });

  it('does not run the drain callback of a plugin that deactivated', async () => {
    const app = createApp(recordErrors());
    let ran = false;
    const instance = app.plugin(
      definePlugin({
        name: '@test/drainer',
        uses: { lifecycle },
        apply({ lifecycle: life }) {
          life.use.onDrain(() => {
            ran = true;
          });
        },
      }),
    );
    await instance.dispose();
    await app.drain();
    expect(ran).toBe(false);
  });

  it('makes stop() reject with the DrainError after disposing everything', async () => {
    const app = createApp(recordErrors());
    let disposed = false;
    const instance = app.plugin(
      definePlugin({
        name: '@test/bad-drain',
        uses: { lifecycle },
        apply({ lifecycle: life }, context) {
          life.use.onDrain(() => Promise.reject(new Error('cannot drain')));
          context.onDispose(() => {
            disposed = true;
          });
        },
      }),
    );
    await expect(app.stop()).rejects.toSatisfy((error) => DrainError.isInstance(error));
    expect(disposed).toBe(true);
    expect(instance.state).toBe('disposed');
  });
});
