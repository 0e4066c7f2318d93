import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deferred } from '../test/support/deferred';
import { mapWithConcurrency } from './map-with-concurrency';
import { TurnAbortedError } from './turn-aborted-error';

describe('mapWithConcurrency', () => {
  it('keeps item order, never runs more than the limit, and runs every item, whatever order they finish in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 4 }),
        fc.infiniteStream(fc.nat()),
        async (count, limit, choices) => {
          const gates = new Map<number, ReturnType<typeof deferred<number>>>();
          let running = 0;
          let most = 0;
          const mapping = mapWithConcurrency({
            items: Array.from({ length: count }, (_, index) => index),
            limit,
            signal: new AbortController().signal,
            map: async (item) => {
              running += 1;
              most = Math.max(most, running);
              const gate = deferred<number>();
              gates.set(item, gate);
              const value = await gate.promise;
              running -= 1;
              return value;
            },
          });
          const picks = choices[Symbol.iterator]();
          for (let finished = 0; finished < count; finished += 1) {
            await Promise.resolve();
            const open = [...gates.keys()];
            const item = open[(picks.next().value as number) % open.length] as number;
            const gate = gates.get(item);
            gates.delete(item);
            gate?.resolve(item * 10);
            for (let round = 0; round < 4; round += 1) await Promise.resolve();
          }
          expect(await mapping).toEqual(Array.from({ length: count }, (_, index) => index * 10));
          expect(most).toBeLessThanOrEqual(limit);
          expect(most).toBe(Math.min(limit, count));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('starts nothing more after the first failure and rejects with it', async () => {
    const started: number[] = [];
    const failing = mapWithConcurrency({
      items: [0, 1, 2, 3],
      limit: 1,
      signal: new AbortController().signal,
      map: async (item) => {
        started.push(item);
        if (item === 1) throw new Error('item 1 failed');
        return item;
      },
    });
    await expect(failing).rejects.toThrow('item 1 failed');
    expect(started).toEqual([0, 1]);
  });

  it('starts nothing once the signal aborted', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const mapping = mapWithConcurrency({
      items: [0, 1, 2],
      limit: 1,
      signal: controller.signal,
      map: async (item) => {
        started.push(item);
        controller.abort();
        return item;
      },
    });
    await expect(mapping).rejects.toSatisfy((error) => TurnAbortedError.isInstance(error));
    expect(started).toEqual([0]);
  });
});
