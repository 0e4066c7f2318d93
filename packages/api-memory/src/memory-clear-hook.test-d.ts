import type { HookContextMap } from '@aalis/api-hooks';
import { describe, expectTypeOf, it } from 'vitest';
import type { MemoryClearPayload } from './index';

describe('memory:clear hook key', () => {
  it('is added to HookContextMap by importing @aalis/api-memory', () => {
    expectTypeOf<HookContextMap['memory:clear']>().toEqualTypeOf<MemoryClearPayload>();
    expectTypeOf<MemoryClearPayload['sessionIds']>().toEqualTypeOf<readonly string[] | undefined>();
  });
});
