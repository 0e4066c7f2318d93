/**
 * A small seeded random source (mulberry32): the same seed gives the same numbers on every
 * machine, so a program the kit generated can be replayed from its seed alone. Not public API.
 */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** Whether an event of probability `probability` happens. */
  chance(probability: number): boolean;
  /** An integer in [`min`, `max`]. */
  between(min: number, max: number): number;
  /** One of `choices`, each as likely as its weight. */
  weighted<TValue>(choices: readonly (readonly [TValue, number])[]): TValue;
}

/** A {@link SeededRandom} started from `seed`. */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (probability) => next() < probability,
    between: (min, max) => min + Math.floor(next() * (max - min + 1)),
    weighted(choices) {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return choices[choices.length - 1]![0];
    },
  };
}
