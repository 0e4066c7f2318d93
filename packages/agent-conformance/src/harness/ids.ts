/** Deterministic ids: `prefix-1`, `prefix-2`, … counted per prefix, fresh for each harness. */
export interface Ids {
  next(prefix: string): string;
}

/** Creates an {@link Ids} generator. */
export function createIds(): Ids {
  const counters = new Map<string, number>();
  return {
    next(prefix) {
      const next = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, next);
      return `${prefix}-${next}`;
    },
  };
}
