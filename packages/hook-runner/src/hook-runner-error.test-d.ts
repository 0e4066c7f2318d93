import { describe, expectTypeOf, it } from 'vitest';
import { HookMiddlewareError, HookRunnerError } from './index';

describe('HookRunnerError types', () => {
  it('narrows to the class isInstance is called on', () => {
    const value: unknown = undefined;
    if (HookMiddlewareError.isInstance(value)) {
      expectTypeOf(value).toEqualTypeOf<HookMiddlewareError>();
      expectTypeOf(value.hookName).toEqualTypeOf<string>();
    }
    if (HookRunnerError.isInstance(value)) expectTypeOf(value.code).toEqualTypeOf<string>();
  });
});
