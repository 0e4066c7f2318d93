import { describe, expect, it } from 'vitest';
import { createHookRunner, HookMiddlewareError, HookRunnerError } from './index';

interface TestHooks {
  'tool:after': { result: string };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<void>((settle, fail) => {
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

describe('error isolation', () => {
  it('skips a middleware that throws before next, reports it with hook name and label, and runs the rest', async () => {
    const { runner, reported } = quietRunner();
    const failure = new Error('broken plugin');
    const trail: string[] = [];
    runner.middleware(
      'tool:after',
      async () => {
        throw failure;
      },
      { label: '@acme/broken#1' },
    );
    runner.middleware('tool:after', async (_payload, next) => {
      trail.push('inner');
      await next();
    });
    const outcome = await runner.run('tool:after', { result: 'ok' }, () => 'done');
    expect(trail).toEqual(['inner']);
    expect(outcome).toMatchObject({ blocked: false, result: 'done' });
    expect(outcome.errors).toHaveLength(1);
    expect(reported).toEqual(outcome.errors);
    const [error] = reported;
    expect(error?.code).toBe('HOOK_MIDDLEWARE_FAILED');
    expect(error?.hookName).toBe('tool:after');
    expect(error?.label).toBe('@acme/broken#1');
    expect(error?.cause).toBe(failure);
    expect(error?.message).toContain('@acme/broken#1');
  });

  it('isolates a middleware that throws synchronously the same way', async () => {
    const { runner, reported } = quietRunner();
    runner.middleware('tool:after', () => {
      throw new Error('sync failure');
    });
    const outcome = await runner.run('tool:after', { result: 'ok' }, () => 'done');
    expect(outcome).toMatchObject({ blocked: false, result: 'done' });
    expect(reported).toHaveLength(1);
  });

  it('keeps the outcome of a middleware that fails after next and reports the failure', async () => {
    const { runner, reported } = quietRunner();
    runner.middleware('tool:after', async (_payload, next) => {
      await next();
      throw new Error('cleanup failed');
    });
    const outcome = await runner.run('tool:after', { result: 'ok' }, () => 'done');
    expect(outcome).toMatchObject({ blocked: false, result: 'done' });
    expect(reported.map((error) => (error.cause as Error).message)).toEqual(['cleanup failed']);
  });

  it('passes through, without reporting, the default action failure a middleware rethrows', async () => {
    const { runner, reported } = quietRunner();
    const failure = new Error('tool crashed');
    const seen: unknown[] = [];
    runner.middleware('tool:after', async (_payload, next) => {
      try {
        await next();
      } catch (error) {
        seen.push(error);
        throw error;
      }
    });
    await expect(
      runner.run('tool:after', { result: 'ok' }, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(seen).toEqual([failure]);
    expect(reported).toEqual([]);
  });

  it('reports a different error thrown over a downstream failure and still passes the original through', async () => {
    const { runner, reported } = quietRunner();
    const original = new Error('original');
    runner.middleware('tool:after', async (_payload, next) => {
      try {
        await next();
      } catch {
        throw new Error('wrapped');
      }
    });
    await expect(runner.run('tool:after', { result: 'ok' }, () => Promise.reject(original))).rejects.toBe(
      original,
    );
    expect(reported.map((error) => (error.cause as Error).message)).toEqual(['wrapped']);
  });

  it('waits for the rest of the chain when a middleware calls next without awaiting it', async () => {
    const { runner } = quietRunner();
    const action = deferred();
    let settled = false;
    runner.middleware('tool:after', (_payload, next) => {
      void next();
    });
    const running = runner.run('tool:after', { result: 'ok' }, () => action.promise);
    void running.then(() => {
      settled = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    action.resolve();
    await expect(running).resolves.toMatchObject({ blocked: false });
  });

  it('passes through a default action failure that a middleware which did not await next could not see', async () => {
    const { runner } = quietRunner();
    const action = deferred();
    const failure = new Error('late failure');
    runner.middleware('tool:after', (_payload, next) => {
      next().catch(() => undefined);
    });
    const running = runner.run('tool:after', { result: 'ok' }, () => action.promise);
    action.reject(failure);
    await expect(running).rejects.toBe(failure);
  });

  it('waits for a pending rest of the chain when a middleware fails after calling next without awaiting', async () => {
    const { runner, reported } = quietRunner();
    const action = deferred();
    let actionDone = false;
    runner.middleware('tool:after', (_payload, next) => {
      void next();
      throw new Error('oops');
    });
    const running = runner.run('tool:after', { result: 'ok' }, async () => {
      await action.promise;
      actionDone = true;
    });
    action.resolve();
    const outcome = await running;
    expect(actionDone).toBe(true);
    expect(outcome.blocked).toBe(false);
    expect(reported).toHaveLength(1);
  });

  it('does not let a throwing onError change the outcome', async () => {
    const runner = createHookRunner<TestHooks>({
      onError: () => {
        throw new Error('reporter broke');
      },
    });
    runner.middleware('tool:after', () => {
      throw new Error('middleware broke');
    });
    const outcome = await runner.run('tool:after', { result: 'ok' }, () => 'done');
    expect(outcome).toMatchObject({ blocked: false, result: 'done' });
    expect(outcome.errors).toHaveLength(1);
  });
});

describe('HookRunnerError', () => {
  it('recognizes errors of another installed copy by brand and code', () => {
    const fromOtherCopy = Object.assign(new Error('copy'), { code: 'HOOK_MIDDLEWARE_FAILED' });
    Object.defineProperty(fromOtherCopy, Symbol.for('@aalis/hook-runner/error'), { value: true });
    expect(HookRunnerError.isInstance(fromOtherCopy)).toBe(true);
    expect(HookMiddlewareError.isInstance(fromOtherCopy)).toBe(true);
    expect(fromOtherCopy instanceof HookMiddlewareError).toBe(false);
  });

  it('tells errors of other codes and unbranded values apart', () => {
    const otherCode = new HookRunnerError('other', { code: 'SOMETHING_ELSE' });
    expect(HookRunnerError.isInstance(otherCode)).toBe(true);
    expect(HookMiddlewareError.isInstance(otherCode)).toBe(false);
    expect(HookRunnerError.isInstance(new Error('plain'))).toBe(false);
    expect(HookRunnerError.isInstance(null)).toBe(false);
    expect(HookRunnerError.isInstance({ code: 'HOOK_MIDDLEWARE_FAILED' })).toBe(false);
  });

  it('names the subclass and keeps the cause', () => {
    const cause = new Error('root');
    const error = new HookMiddlewareError({ hookName: 'tool:after', label: undefined, cause });
    expect(error.name).toBe('HookMiddlewareError');
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('A middleware of hook "tool:after" failed: root');
  });
});
