import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER, retryDelay } from './retry-delay';

describe('retryDelay', () => {
  it('stays between half and all of the capped exponential delay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, baseDelay, maxDelay, random) => {
          const exponential = Math.min(maxDelay, baseDelay * 2 ** (retry - 1));
          const delay = retryDelay({ retry, baseDelay, maxDelay, random });
          expect(delay).toBeGreaterThanOrEqual(Math.floor(exponential / 2));
          expect(delay).toBeLessThanOrEqual(Math.ceil(exponential));
        },
      ),
    );
  });

  it('doubles from one retry to the next until the cap', () => {
    const at = (retry: number) => retryDelay({ retry, baseDelay: 100, maxDelay: 1_000, random: 0 });
    expect([1, 2, 3, 4, 5, 6].map(at)).toEqual([50, 100, 200, 400, 500, 500]);
  });

  it("uses the server's retry-after up to the limit, and the backoff beyond it", () => {
    const options = { retry: 1, baseDelay: 100, maxDelay: 100, random: 0 };
    expect(retryDelay({ ...options, retryAfter: 0 })).toBe(0);
    expect(retryDelay({ ...options, retryAfter: 2_500 })).toBe(2_500);
    expect(retryDelay({ ...options, retryAfter: MAX_RETRY_AFTER + 1 })).toBe(50);
  });
});
