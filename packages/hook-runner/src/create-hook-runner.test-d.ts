import { describe, expectTypeOf, it } from 'vitest';
import {
  createHookRunner,
  type HookMiddleware,
  type HookName,
  type HookRunOptions,
  type HookRunOutcome,
} from './index';

interface Hooks {
  'agent:input:before': { message: { content: string } };
  'agent:turn:after': { outcome: 'replied' | 'silent' };
}

describe('HookRunner types', () => {
  const runner = createHookRunner<Hooks>();

  it('types the payload of a middleware from its hook name', () => {
    runner.middleware('agent:input:before', async (payload, next) => {
      expectTypeOf(payload).toEqualTypeOf<{ message: { content: string } }>();
      expectTypeOf(next).toEqualTypeOf<() => Promise<void>>();
      await next();
    });
  });

  it('rejects unknown hook names and payloads of the wrong shape', () => {
    // @ts-expect-error not a hook of the map
    runner.middleware('agent:unknown', async () => undefined);
    // @ts-expect-error the payload does not match the hook
    void runner.run('agent:turn:after', { outcome: 'maybe' });
  });

  it('types the outcome result from the default action, and undefined without one', () => {
    expectTypeOf(runner.run('agent:turn:after', { outcome: 'silent' }, () => 42)).toEqualTypeOf<
      Promise<HookRunOutcome<number>>
    >();
    expectTypeOf(runner.run('agent:turn:after', { outcome: 'silent' })).toEqualTypeOf<
      Promise<HookRunOutcome<undefined>>
    >();
  });

  it('exposes the result only on an outcome that was not blocked', async () => {
    const outcome = await runner.run('agent:turn:after', { outcome: 'replied' }, async () => 'text');
    // @ts-expect-error blocked outcomes have no result
    void outcome.result;
    if (!outcome.blocked) expectTypeOf(outcome.result).toEqualTypeOf<string>();
  });

  it('takes an optional abort signal as the fourth argument of run', () => {
    const signal = new AbortController().signal;
    expectTypeOf<HookRunOptions>().toEqualTypeOf<{ readonly signal?: AbortSignal }>();
    expectTypeOf(runner.run('agent:turn:after', { outcome: 'silent' }, () => 1, { signal })).toEqualTypeOf<
      Promise<HookRunOutcome<number>>
    >();
    void runner.run('agent:turn:after', { outcome: 'silent' }, undefined, {});
    // @ts-expect-error the signal must be an AbortSignal
    void runner.run('agent:turn:after', { outcome: 'silent' }, undefined, { signal: 'stop' });
  });

  it('types abandoned as an optional list of middleware names on both outcomes', async () => {
    const outcome = await runner.run('agent:turn:after', { outcome: 'replied' }, () => 'text');
    expectTypeOf(outcome.abandoned).toEqualTypeOf<readonly string[] | undefined>();
    if (outcome.blocked) expectTypeOf(outcome.abandoned).toEqualTypeOf<readonly string[] | undefined>();
  });

  it('derives hook names and middleware types from the map', () => {
    expectTypeOf<HookName<Hooks>>().toEqualTypeOf<'agent:input:before' | 'agent:turn:after'>();
    expectTypeOf<HookMiddleware<Hooks['agent:turn:after']>>().parameter(0).toEqualTypeOf<{
      outcome: 'replied' | 'silent';
    }>();
  });
});
