import { describe, expect, it } from 'vitest';
import { createHookRunner, type HookMiddlewareError } from './index';

interface TestHooks {
  'message:before': { text: string; trail: string[] };
  'turn:before': { turnId: string };
}

function deferred<TValue = void>() {
  let resolve!: (value: TValue) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<TValue>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function quietRunner() {
  const reported: HookMiddlewareError[] = [];
  const runner = createHookRunner<TestHooks>({ onError: (error) => reported.push(error) });
  return { runner, reported };
}

describe('createHookRunner', () => {
  it('runs middlewares outermost first and unwinds them in reverse around the default action', async () => {
    const { runner } = quietRunner();
    for (const name of ['a', 'b', 'c']) {
      runner.middleware('message:before', async (payload, next) => {
        payload.trail.push(`${name}>`);
        await next();
        payload.trail.push(`<${name}`);
      });
    }
    const payload = { text: 'hi', trail: [] as string[] };
    await runner.run('message:before', payload, (value) => {
      value.trail.push('default');
    });
    expect(payload.trail).toEqual(['a>', 'b>', 'c>', 'default', '<c', '<b', '<a']);
  });

  it('puts higher priorities further out and keeps registration order among equal priorities', async () => {
    const { runner } = quietRunner();
    const register = (name: string, priority?: number) =>
      runner.middleware(
        'message:before',
        async (payload, next) => {
          payload.trail.push(name);
          await next();
        },
        priority === undefined ? {} : { priority },
      );
    register('zero-first');
    register('low', -5);
    register('high', 10);
    register('zero-second', 0);
    register('higher', 20);
    const payload = { text: '', trail: [] as string[] };
    await runner.run('message:before', payload);
    expect(payload.trail).toEqual(['higher', 'high', 'zero-first', 'zero-second', 'low']);
  });

  it('hands the default action the payload as the middlewares rewrote it and returns its result', async () => {
    const { runner } = quietRunner();
    runner.middleware('message:before', async (payload, next) => {
      payload.text += ' [logged]';
      await next();
    });
    const outcome = await runner.run(
      'message:before',
      { text: 'hello', trail: [] },
      (payload) => payload.text,
    );
    expect(outcome).toEqual({ blocked: false, result: 'hello [logged]', errors: [] });
  });

  it('blocks the inner middlewares and the default action when a middleware does not call next', async () => {
    const { runner } = quietRunner();
    const seen: string[] = [];
    runner.middleware('turn:before', async (_payload, next) => {
      await next();
      seen.push('outer saw next settle');
    });
    runner.middleware('turn:before', () => {
      seen.push('blocker');
    });
    runner.middleware('turn:before', async (_payload, next) => {
      seen.push('inner');
      await next();
    });
    let defaultRuns = 0;
    const outcome = await runner.run('turn:before', { turnId: 't1' }, () => {
      defaultRuns += 1;
    });
    expect(outcome).toEqual({ blocked: true, errors: [] });
    expect(defaultRuns).toBe(0);
    expect(seen).toEqual(['blocker', 'outer saw next settle']);
  });

  it('settles next() and the run only once the default action has settled', async () => {
    const { runner } = quietRunner();
    const turn = deferred<string>();
    const events: string[] = [];
    runner.middleware('turn:before', async (_payload, next) => {
      await next();
      events.push('middleware after next');
    });
    const running = runner
      .run('turn:before', { turnId: 't1' }, () => turn.promise)
      .then((outcome) => {
        events.push('run settled');
        return outcome;
      });
    await Promise.resolve();
    await Promise.resolve();
    expect(events).toEqual([]);
    turn.resolve('replied');
    const outcome = await running;
    expect(events).toEqual(['middleware after next', 'run settled']);
    expect(outcome).toMatchObject({ blocked: false, result: 'replied' });
  });

  it('calls the first middleware, or the default action when there is none, synchronously within run()', () => {
    const { runner } = quietRunner();
    let defaultCalled = false;
    void runner.run('turn:before', { turnId: 't1' }, () => {
      defaultCalled = true;
    });
    expect(defaultCalled).toBe(true);
    let middlewareCalled = false;
    runner.middleware('turn:before', () => {
      middlewareCalled = true;
    });
    void runner.run('turn:before', { turnId: 't2' });
    expect(middlewareCalled).toBe(true);
  });

  it('reports a run without a default action as not blocked, with an undefined result', async () => {
    const { runner } = quietRunner();
    runner.middleware('turn:before', (_payload, next) => next());
    expect(await runner.run('turn:before', { turnId: 't1' })).toEqual({
      blocked: false,
      result: undefined,
      errors: [],
    });
  });

  it('removes a middleware with its disposer, and a second call of the disposer changes nothing', async () => {
    const { runner } = quietRunner();
    const trail: string[] = [];
    const disposeFirst = runner.middleware('turn:before', async (_payload, next) => {
      trail.push('first');
      await next();
    });
    runner.middleware('turn:before', async (_payload, next) => {
      trail.push('second');
      await next();
    });
    disposeFirst();
    disposeFirst();
    await runner.run('turn:before', { turnId: 't1' });
    expect(trail).toEqual(['second']);
    expect(runner.count('turn:before')).toBe(1);
  });

  it('skips a middleware disposed during a run before the run reached it', async () => {
    const { runner } = quietRunner();
    const gate = deferred();
    const trail: string[] = [];
    runner.middleware('turn:before', async (_payload, next) => {
      await gate.promise;
      await next();
    });
    const disposeInner = runner.middleware('turn:before', async (_payload, next) => {
      trail.push('inner');
      await next();
    });
    const running = runner.run('turn:before', { turnId: 't1' }, () => {
      trail.push('default');
    });
    disposeInner();
    gate.resolve();
    await running;
    expect(trail).toEqual(['default']);
  });

  it('keeps a middleware registered during a run out of that run but runs it in the next one', async () => {
    const { runner } = quietRunner();
    const trail: string[] = [];
    let registered = false;
    runner.middleware('turn:before', async (_payload, next) => {
      if (!registered) {
        registered = true;
        runner.middleware('turn:before', async (payload, innerNext) => {
          trail.push(`late in ${payload.turnId}`);
          await innerNext();
        });
      }
      await next();
    });
    await runner.run('turn:before', { turnId: 't1' });
    await runner.run('turn:before', { turnId: 't2' });
    expect(trail).toEqual(['late in t2']);
  });

  it('counts the middlewares of a hook and clears one hook or all of them', () => {
    const { runner } = quietRunner();
    runner.middleware('turn:before', (_payload, next) => next());
    runner.middleware('turn:before', (_payload, next) => next());
    runner.middleware('message:before', (_payload, next) => next());
    expect(runner.count('turn:before')).toBe(2);
    runner.clear('turn:before');
    expect(runner.count('turn:before')).toBe(0);
    expect(runner.count('message:before')).toBe(1);
    runner.clear();
    expect(runner.count('message:before')).toBe(0);
  });

  it('rejects the run with the default action failure when no middleware handles it', async () => {
    const { runner, reported } = quietRunner();
    runner.middleware('turn:before', async (_payload, next) => {
      await next();
    });
    const failure = new Error('model down');
    await expect(
      runner.run('turn:before', { turnId: 't1' }, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(reported).toEqual([]);
  });

  it('lets a middleware catch the default action failure through next()', async () => {
    const { runner } = quietRunner();
    const caught: unknown[] = [];
    runner.middleware('turn:before', async (_payload, next) => {
      try {
        await next();
      } catch (error) {
        caught.push(error);
      }
    });
    const failure = new Error('archive down');
    const outcome = await runner.run('turn:before', { turnId: 't1' }, () => Promise.reject(failure));
    expect(caught).toEqual([failure]);
    expect(outcome).toEqual({ blocked: false, result: undefined, errors: [] });
  });
});

describe('misuse', () => {
  it('throws a TypeError for an empty hook name, a non-function handler or a non-finite priority', () => {
    const { runner } = quietRunner();
    const loose = runner as unknown as {
      middleware: (name: unknown, handler: unknown, options?: unknown) => () => void;
    };
    expect(() => loose.middleware('', () => undefined)).toThrow(TypeError);
    expect(() => loose.middleware('turn:before', 'not a function')).toThrow(TypeError);
    expect(() => loose.middleware('turn:before', () => undefined, { priority: Number.NaN })).toThrow(
      TypeError,
    );
    expect(runner.count('turn:before')).toBe(0);
  });

  it('rejects run() with a TypeError for a default action that is not a function', async () => {
    const { runner } = quietRunner();
    const loose = runner as unknown as {
      run: (name: string, payload: unknown, action: unknown) => Promise<unknown>;
    };
    await expect(loose.run('turn:before', { turnId: 't1' }, 42)).rejects.toBeInstanceOf(TypeError);
  });

  it('rejects a second next() call with a TypeError and runs the rest of the chain once', async () => {
    const { runner } = quietRunner();
    let secondCall: unknown;
    let defaultRuns = 0;
    runner.middleware('turn:before', async (_payload, next) => {
      await next();
      secondCall = await next().catch((error: unknown) => error);
    });
    await runner.run('turn:before', { turnId: 't1' }, () => {
      defaultRuns += 1;
    });
    expect(secondCall).toBeInstanceOf(TypeError);
    expect(defaultRuns).toBe(1);
  });

  it('rejects next() called after the middleware returned with a TypeError, and the run stays blocked', async () => {
    const { runner } = quietRunner();
    let lateNext: (() => Promise<void>) | undefined;
    runner.middleware('turn:before', (_payload, next) => {
      lateNext = next;
    });
    let defaultRuns = 0;
    const outcome = await runner.run('turn:before', { turnId: 't1' }, () => {
      defaultRuns += 1;
    });
    await expect(lateNext?.()).rejects.toBeInstanceOf(TypeError);
    expect(outcome.blocked).toBe(true);
    expect(defaultRuns).toBe(0);
  });
});
