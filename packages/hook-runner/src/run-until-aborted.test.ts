import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createHookRunner, type HookMiddlewareError } from './index';

interface TestHooks {
  'turn:before': { trail: string[] };
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

const never = new Promise<never>(() => undefined);

function quietRunner() {
  const reported: HookMiddlewareError[] = [];
  const runner = createHookRunner<TestHooks>({ onError: (error) => reported.push(error) });
  return { runner, reported };
}

async function ticks(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) await Promise.resolve();
}

/** Resolves to 'pending' unless `promise` settles within a few microtasks. */
function stateOf(promise: Promise<unknown>): Promise<'settled' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'settled' as const,
      () => 'settled' as const,
    ),
    ticks(10).then(() => 'pending' as const),
  ]);
}

describe('run with an abort signal', () => {
  it('stops waiting for a middleware that hangs before next once the signal aborts, blocked', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    runner.middleware('turn:before', () => never, { label: 'hanger' });
    let defaultRuns = 0;
    const running = runner.run(
      'turn:before',
      { trail: [] },
      () => {
        defaultRuns += 1;
      },
      { signal: controller.signal },
    );
    expect(await stateOf(running)).toBe('pending');
    controller.abort();
    expect(await running).toEqual({ blocked: true, errors: [], abandoned: ['hanger'] });
    expect(defaultRuns).toBe(0);
  });

  it('lets an outer middleware run its code after next once the run is given up on an inner one that hangs', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    const trail: string[] = [];
    runner.middleware(
      'turn:before',
      async (_payload, next) => {
        trail.push('outer in');
        try {
          await next();
          trail.push(`outer after next, aborted: ${controller.signal.aborted}`);
        } finally {
          trail.push('outer cleanup');
        }
      },
      { label: 'outer', priority: 1 },
    );
    runner.middleware('turn:before', () => never, { label: 'hanger' });
    const running = runner.run('turn:before', { trail: [] }, () => 'replied', { signal: controller.signal });
    expect(await stateOf(running)).toBe('pending');
    expect(trail).toEqual(['outer in']);
    controller.abort();
    expect(await running).toEqual({ blocked: true, errors: [], abandoned: ['outer', 'hanger'] });
    await ticks(5);
    expect(trail).toEqual(['outer in', 'outer after next, aborted: true', 'outer cleanup']);
  });

  it('gives next of every outer middleware back, innermost hanging after its own next', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    const resumed: string[] = [];
    for (const label of ['first', 'second']) {
      runner.middleware(
        'turn:before',
        async (_payload, next) => {
          await next();
          resumed.push(label);
        },
        { label, priority: 2 },
      );
    }
    runner.middleware(
      'turn:before',
      async (_payload, next) => {
        await next();
        await never;
      },
      { label: 'slow-cleanup' },
    );
    const running = runner.run('turn:before', { trail: [] }, () => 'replied', { signal: controller.signal });
    expect(await stateOf(running)).toBe('pending');
    expect(resumed).toEqual([]);
    controller.abort();
    expect((await running).abandoned).toEqual(['first', 'second', 'slow-cleanup']);
    await ticks(5);
    expect(resumed).toEqual(['second', 'first']);
  });

  it('settles as without a signal when a middleware drops the promise of next and the default action fails', async () => {
    const failure = new Error('model down');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    const settle = async (options?: { signal: AbortSignal }) => {
      const { runner } = quietRunner();
      runner.middleware('turn:before', (_payload, next) => {
        void next();
      });
      const failing = () => {
        throw failure;
      };
      const settled = await runner.run('turn:before', { trail: [] }, failing, options).then(
        (outcome) => ({ outcome }),
        (error: unknown) => ({ error }),
      );
      await new Promise((resolve) => setImmediate(resolve));
      return { settled, unhandled: unhandled.splice(0) };
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      // Like any dropped promise that rejects, the one next() gave is reported (README): the
      // same with a signal as without.
      expect(await settle({ signal: new AbortController().signal })).toEqual(await settle());
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('passes a default action failure through next as before, with a signal that never aborts', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    const failure = new Error('model down');
    const seen: unknown[] = [];
    runner.middleware('turn:before', async (_payload, next) => {
      try {
        await next();
      } catch (error) {
        seen.push(error);
        throw error;
      }
    });
    await expect(
      runner.run(
        'turn:before',
        { trail: [] },
        () => {
          throw failure;
        },
        { signal: controller.signal },
      ),
    ).rejects.toBe(failure);
    expect(seen).toEqual([failure]);
  });

  it('keeps the default action result when a middleware hangs after next and the signal aborts', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    runner.middleware(
      'turn:before',
      async (_payload, next) => {
        await next();
        await never;
      },
      { label: 'slow-cleanup' },
    );
    const running = runner.run('turn:before', { trail: [] }, () => 'replied', { signal: controller.signal });
    expect(await stateOf(running)).toBe('pending');
    controller.abort();
    expect(await running).toEqual({
      blocked: false,
      result: 'replied',
      errors: [],
      abandoned: ['slow-cleanup'],
    });
  });

  it('waits for a default action that is running when the signal aborts, then stops waiting for middlewares', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    const action = deferred<string>();
    runner.middleware(
      'turn:before',
      async (_payload, next) => {
        await next();
        await never;
      },
      { label: 'outer' },
    );
    const running = runner.run('turn:before', { trail: [] }, () => action.promise, {
      signal: controller.signal,
    });
    controller.abort();
    expect(await stateOf(running)).toBe('pending');
    action.resolve('stopped early');
    expect(await running).toEqual({
      blocked: false,
      result: 'stopped early',
      errors: [],
      abandoned: ['outer'],
    });
  });

  it('rejects with a default action failure that settles after the abort while no middleware caught it', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    const action = deferred<string>();
    runner.middleware('turn:before', async (_payload, next) => {
      await next();
      await never;
    });
    const running = runner.run('turn:before', { trail: [] }, () => action.promise, {
      signal: controller.signal,
    });
    controller.abort();
    const failure = new Error('aborted by the caller');
    action.reject(failure);
    await expect(running).rejects.toBe(failure);
  });

  it('resolves without a result when a middleware caught the default action failure before another hangs', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    runner.middleware(
      'turn:before',
      async (_payload, next) => {
        await next();
        await never;
      },
      { label: 'outer' },
    );
    runner.middleware('turn:before', async (_payload, next) => {
      await next().catch(() => undefined);
    });
    const running = runner.run(
      'turn:before',
      { trail: [] },
      () => {
        throw new Error('model down');
      },
      { signal: controller.signal },
    );
    await ticks(10);
    controller.abort();
    expect(await running).toEqual({ blocked: false, result: undefined, errors: [], abandoned: ['outer'] });
  });

  it('runs nothing and resolves blocked with an empty abandoned list when the signal is already aborted', async () => {
    const { runner } = quietRunner();
    const trail: string[] = [];
    runner.middleware('turn:before', async (_payload, next) => {
      trail.push('middleware');
      await next();
    });
    const outcome = await runner.run(
      'turn:before',
      { trail: [] },
      () => {
        trail.push('default');
      },
      { signal: AbortSignal.abort() },
    );
    expect(outcome).toEqual({ blocked: true, errors: [], abandoned: [] });
    expect(trail).toEqual([]);
  });

  it('runs no later middleware and no default action when an abandoned middleware calls next late', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    const gate = deferred();
    const trail: string[] = [];
    let lateNext: Promise<void> | undefined;
    runner.middleware('turn:before', async (_payload, next) => {
      await gate.promise;
      lateNext = next();
      await lateNext;
      trail.push('after late next');
    });
    runner.middleware('turn:before', async (_payload, next) => {
      trail.push('inner');
      await next();
    });
    const running = runner.run(
      'turn:before',
      { trail: [] },
      () => {
        trail.push('default');
      },
      { signal: controller.signal },
    );
    controller.abort();
    expect(await running).toMatchObject({ blocked: true, abandoned: ['#1'] });
    gate.resolve();
    await ticks(10);
    await expect(lateNext).resolves.toBeUndefined();
    expect(trail).toEqual(['after late next']);
  });

  it('reports a later failure of an abandoned middleware to onError but not in the returned outcome', async () => {
    const { runner, reported } = quietRunner();
    const controller = new AbortController();
    const gate = deferred();
    const trail: string[] = [];
    runner.middleware('turn:before', () => {
      throw new Error('failed during the run');
    });
    runner.middleware('turn:before', async () => {
      await gate.promise;
      throw new Error('failed after the run was given up');
    });
    runner.middleware('turn:before', async (_payload, next) => {
      trail.push('inner');
      await next();
    });
    const running = runner.run('turn:before', { trail: [] }, undefined, { signal: controller.signal });
    controller.abort();
    const outcome = await running;
    gate.resolve();
    await ticks(10);
    expect(outcome.errors.map((error) => (error.cause as Error).message)).toEqual(['failed during the run']);
    expect(reported.map((error) => (error.cause as Error).message)).toEqual([
      'failed during the run',
      'failed after the run was given up',
    ]);
    expect(trail).toEqual([]);
  });

  it('names every middleware whose code has not settled, by label or # and 1-based chain position, outermost first', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    const waitAfterNext = async (_payload: unknown, next: () => Promise<void>) => {
      await next();
      await never;
    };
    runner.middleware('turn:before', waitAfterNext, { priority: 3 });
    runner.middleware('turn:before', (_payload, next) => next(), { priority: 2, label: 'returns-next' });
    runner.middleware(
      'turn:before',
      (_payload, next) => {
        void next();
      },
      { priority: 1, label: 'settled' },
    );
    runner.middleware('turn:before', waitAfterNext, { label: '@acme/audit#1' });
    runner.middleware('turn:before', () => never);
    const running = runner.run('turn:before', { trail: [] }, undefined, { signal: controller.signal });
    await ticks(5);
    controller.abort();
    expect((await running).abandoned).toEqual(['#1', 'returns-next', '@acme/audit#1', '#5']);
  });

  it('stops before the inner middlewares when a middleware aborts the signal itself before next', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    const trail: string[] = [];
    runner.middleware(
      'turn:before',
      async (_payload, next) => {
        controller.abort();
        await next();
        trail.push('outer after next');
      },
      { label: 'stopper' },
    );
    runner.middleware('turn:before', async (_payload, next) => {
      trail.push('inner');
      await next();
    });
    const outcome = await runner.run('turn:before', { trail: [] }, undefined, { signal: controller.signal });
    expect(outcome).toEqual({ blocked: true, errors: [], abandoned: ['stopper'] });
    await ticks(5);
    expect(trail).toEqual(['outer after next']);
  });

  it('settles as usual, without abandoned, when no middleware code is pending after the awaited default action', async () => {
    const { runner } = quietRunner();
    const controller = new AbortController();
    const action = deferred<string>();
    runner.middleware('turn:before', (_payload, next) => {
      void next();
    });
    const running = runner.run('turn:before', { trail: [] }, () => action.promise, {
      signal: controller.signal,
    });
    controller.abort();
    action.resolve('done');
    expect(await running).toEqual({ blocked: false, result: 'done', errors: [] });
  });

  it('behaves as without a signal, with no abandoned key, when the signal never aborts', async () => {
    const { runner } = quietRunner();
    runner.middleware('turn:before', async (payload, next) => {
      payload.trail.push('in');
      await next();
      payload.trail.push('out');
    });
    const payload = { trail: [] as string[] };
    const outcome = await runner.run(
      'turn:before',
      payload,
      (value) => {
        value.trail.push('default');
        return 1;
      },
      { signal: new AbortController().signal },
    );
    expect(outcome).toStrictEqual({ blocked: false, result: 1, errors: [] });
    expect(payload.trail).toEqual(['in', 'default', 'out']);
  });

  it('leaves no abort listener on a long-lived signal after many runs, given up or not', async () => {
    const { runner } = quietRunner();
    const turn = new AbortController();
    runner.middleware('turn:before', (_payload, next) => next());
    for (let index = 0; index < 1_000; index += 1) {
      await runner.run('turn:before', { trail: [] }, () => index, { signal: turn.signal });
    }
    expect(getEventListeners(turn.signal, 'abort')).toHaveLength(0);
    const stop = new AbortController();
    runner.middleware('turn:before', () => never);
    const running = runner.run('turn:before', { trail: [] }, undefined, { signal: stop.signal });
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(1);
    stop.abort();
    await running;
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('rejects with a TypeError for a signal that is not an AbortSignal or options that are not an object', async () => {
    const { runner } = quietRunner();
    const loose = runner as unknown as {
      run: (name: string, payload: unknown, action: unknown, options: unknown) => Promise<unknown>;
    };
    await expect(
      loose.run('turn:before', { trail: [] }, undefined, { signal: 'stop' }),
    ).rejects.toBeInstanceOf(TypeError);
    await expect(loose.run('turn:before', { trail: [] }, undefined, 42)).rejects.toBeInstanceOf(TypeError);
  });
});
