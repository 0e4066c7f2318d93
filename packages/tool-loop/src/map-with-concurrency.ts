import { throwIfAborted } from './throw-if-aborted';

/** Options of {@link mapWithConcurrency}. */
export interface MapWithConcurrencyOptions<Item, Result> {
  readonly items: readonly Item[];
  /** The most items in progress at once; at least 1. */
  readonly limit: number;
  /** No item starts once it aborted. */
  readonly signal: AbortSignal;
  readonly map: (item: Item, index: number) => Promise<Result>;
}

/**
 * Maps items with at most `limit` in progress, starting them in order; resolves with the
 * results in item order. The first failure rejects at once and no further item starts.
 */
export async function mapWithConcurrency<Item, Result>(
  options: MapWithConcurrencyOptions<Item, Result>,
): Promise<Result[]> {
  const { items, signal } = options;
  const results: Result[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed) {
      throwIfAborted(signal);
      const index = next;
      next += 1;
      try {
        results[index] = await options.map(items[index] as Item, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Math.max(1, Math.min(options.limit, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
