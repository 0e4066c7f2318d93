import { describe, expectTypeOf, it } from 'vitest';
import { createHookRunner, type HookMiddleware, type HookName, type HookRunOutcome } from './index';

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

  it('derives hook names and middleware types from the map', () => {
    expectTypeOf<HookName<Hooks>>().toEqualTypeOf<'agent:input:before' | 'agent:turn:after'>();
    expectTypeOf<HookMiddleware<Hooks['agent:turn:after']>>().parameter(0).toEqualTypeOf<{
      outcome: 'replied' | 'silent';
    }>();
  });
});
