import { type HookName, type HookRunOptions, type HookRunOutcome, hooks } from '@aalis/api-hooks';
import { definePlugin } from '@aalis/core';
import { describe, expectTypeOf, it } from 'vitest';

declare module '@aalis/api-hooks' {
  interface HookContextMap {
    'typed:turn:after': { outcome: 'replied' | 'silent'; sessionId: string };
  }
}

describe('hooks types', () => {
  it('[HK-10] types hook keys added to HookContextMap by declaration merging', () => {
    expectTypeOf<'typed:turn:after'>().toExtend<HookName>();
    definePlugin({
      name: '@acme/plugin-example-agent',
      uses: { hooks },
      apply({ hooks: hookService }) {
        hookService.use.middleware('typed:turn:after', async (data, next) => {
          expectTypeOf(data.outcome).toEqualTypeOf<'replied' | 'silent'>();
          await next();
        });
        // @ts-expect-error not a hook key
        hookService.use.middleware('typed:unknown', async () => undefined);
        expectTypeOf(
          hookService.use.run('typed:turn:after', { outcome: 'silent', sessionId: 's' }, () => 1),
        ).toEqualTypeOf<Promise<HookRunOutcome<number>>>();
        // @ts-expect-error payload of the wrong shape
        void hookService.use.run('typed:turn:after', { outcome: 'maybe', sessionId: 's' });
      },
    });
  });

  it('takes the run options of @aalis/hook-runner, with an abort signal, as the fourth argument of run', () => {
    expectTypeOf<HookRunOptions>().toEqualTypeOf<{ readonly signal?: AbortSignal }>();
    definePlugin({
      name: '@acme/plugin-example-stoppable',
      uses: { hooks },
      apply({ hooks: hookService }) {
        const signal = new AbortController().signal;
        const payload = { outcome: 'silent' as const, sessionId: 's' };
        expectTypeOf(hookService.use.run('typed:turn:after', payload, () => 1, { signal })).toEqualTypeOf<
          Promise<HookRunOutcome<number>>
        >();
        // @ts-expect-error the signal must be an AbortSignal
        void hookService.use.run('typed:turn:after', payload, undefined, { signal: true });
      },
    });
  });
});
