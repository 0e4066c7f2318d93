import { createApp, definePlugin, ServiceUnavailableError } from '@aalis/core';
import { HookMiddlewareError } from '@aalis/hook-runner';
import { describe, expect, it } from 'vitest';
import { createHooksService, hooks } from './index';

declare module './index' {
  interface HookContextMap {
    'test:turn:before': { turnId: string; trail: string[] };
    'test:turn:after': { outcome: string; trail: string[] };
  }
}

function quietApp() {
  const reported: unknown[] = [];
  const app = createApp({ onError: (error) => reported.push(error) });
  return { app, reported };
}

const tracer = (name: string, priority = 0) =>
  definePlugin({
    name,
    uses: { hooks },
    apply({ hooks: hookService }) {
      hookService.use.middleware(
        'test:turn:before',
        async (payload, next) => {
          payload.trail.push(name);
          await next();
        },
        { priority },
      );
    },
  });

describe('hooks', () => {
  it('runs the middlewares plugins registered through their handles around the default action', async () => {
    const { app } = quietApp();
    app.provide(hooks, createHooksService());
    app.plugin(tracer('@test/outer', 10));
    app.plugin(tracer('@test/inner'));
    const payload = { turnId: 't1', trail: [] as string[] };
    const outcome = await app.service(hooks).use.run('test:turn:before', payload, (value) => {
      value.trail.push('turn');
      return 'replied';
    });
    expect(payload.trail).toEqual(['@test/outer', '@test/inner', 'turn']);
    expect(outcome).toEqual({ blocked: false, result: 'replied', errors: [] });
  });

  it('reports a blocked run when a plugin middleware does not call next', async () => {
    const { app } = quietApp();
    app.provide(hooks, createHooksService());
    app.plugin(
      definePlugin({
        name: '@test/blocker',
        uses: { hooks },
        apply({ hooks: hookService }) {
          hookService.use.middleware('test:turn:before', () => undefined);
        },
      }),
    );
    let turns = 0;
    const outcome = await app.service(hooks).use.run('test:turn:before', { turnId: 't1', trail: [] }, () => {
      turns += 1;
    });
    expect(outcome.blocked).toBe(true);
    expect(turns).toBe(0);
  });

  it('labels a plugin middleware with its instance id in failure reports', async () => {
    const reported: HookMiddlewareError[] = [];
    const { app } = quietApp();
    app.provide(hooks, createHooksService({ onError: (error) => reported.push(error) }));
    app.plugin(
      definePlugin({
        name: '@test/broken',
        uses: { hooks },
        apply({ hooks: hookService }) {
          hookService.use.middleware('test:turn:after', () => {
            throw new Error('broken');
          });
        },
      }),
    );
    const outcome = await app.service(hooks).use.run('test:turn:after', { outcome: 'replied', trail: [] });
    expect(outcome.blocked).toBe(false);
    expect(reported).toHaveLength(1);
    expect(HookMiddlewareError.isInstance(reported[0])).toBe(true);
    expect(reported[0]?.label).toBe('@test/broken#1');
  });

  it('withdraws the middlewares of a plugin when it deactivates', async () => {
    const { app } = quietApp();
    app.provide(hooks, createHooksService());
    const instance = app.plugin(tracer('@test/temporary'));
    const handle = app.service(hooks).use;
    expect(handle.count('test:turn:before')).toBe(1);
    await instance.dispose();
    expect(handle.count('test:turn:before')).toBe(0);
  });

  it('moves middlewares to a new hooks provider, keeping their priority order', async () => {
    const { app } = quietApp();
    app.provide(hooks, createHooksService(), { name: 'first' });
    app.plugin(tracer('@test/low', -1));
    app.plugin(tracer('@test/high', 5));
    app.provide(hooks, createHooksService(), { name: 'second' });
    app.select(hooks, 'second');
    const payload = { turnId: 't1', trail: [] as string[] };
    await app.service(hooks).use.run('test:turn:before', payload);
    expect(payload.trail).toEqual(['@test/high', '@test/low']);
  });

  it('keeps a middleware registered before any provider and attaches it to the first one', async () => {
    const { app } = quietApp();
    const handle = app.service(hooks).use;
    handle.middleware('test:turn:after', async (payload, next) => {
      payload.trail.push('early');
      await next();
    });
    await expect(handle.run('test:turn:after', { outcome: 'silent', trail: [] })).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    app.provide(hooks, createHooksService());
    const payload = { outcome: 'silent', trail: [] as string[] };
    await handle.run('test:turn:after', payload);
    expect(payload.trail).toEqual(['early']);
  });

  it('calls the first middleware inside the run() call through the handle', () => {
    const { app } = quietApp();
    app.provide(hooks, createHooksService());
    const handle = app.service(hooks).use;
    let called = false;
    handle.middleware('test:turn:before', () => {
      called = true;
    });
    void handle.run('test:turn:before', { turnId: 't1', trail: [] });
    expect(called).toBe(true);
  });

  it('forwards the abort signal through the handle: a hanging plugin middleware is abandoned by its instance id', async () => {
    const { app } = quietApp();
    app.provide(hooks, createHooksService());
    app.plugin(
      definePlugin({
        name: '@test/hanger',
        uses: { hooks },
        apply({ hooks: hookService }) {
          hookService.use.middleware('test:turn:before', () => new Promise<void>(() => undefined));
        },
      }),
    );
    const controller = new AbortController();
    let turns = 0;
    const running = app.service(hooks).use.run(
      'test:turn:before',
      { turnId: 't1', trail: [] },
      () => {
        turns += 1;
      },
      { signal: controller.signal },
    );
    controller.abort();
    expect(await running).toEqual({ blocked: true, errors: [], abandoned: ['@test/hanger#1'] });
    expect(turns).toBe(0);
  });

  it('runs nothing through the handle when the signal is already aborted', async () => {
    const { app } = quietApp();
    app.provide(hooks, createHooksService());
    app.plugin(tracer('@test/tracer'));
    const payload = { turnId: 't1', trail: [] as string[] };
    const outcome = await app.service(hooks).use.run('test:turn:before', payload, () => 'replied', {
      signal: AbortSignal.abort(),
    });
    expect(outcome).toEqual({ blocked: true, errors: [], abandoned: [] });
    expect(payload.trail).toEqual([]);
  });

  it('rejects an empty hook name and a handler that is not a function with a TypeError', () => {
    const { app } = quietApp();
    const loose = app.service(hooks).use as unknown as {
      middleware: (name: string, handler: unknown) => () => void;
    };
    expect(() => loose.middleware('', () => undefined)).toThrow(TypeError);
    expect(() => loose.middleware('test:turn:before', 42)).toThrow(TypeError);
  });
});
