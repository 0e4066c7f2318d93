/** A deterministic clock: each reading is one millisecond after the previous one. */
export interface Clock {
  now(): number;
}

/** The first reading of a harness clock: 2024-01-01T00:00:00.000Z. */
export const CLOCK_START = Date.UTC(2024, 0, 1);

/** Creates a {@link Clock} starting at {@link CLOCK_START}. */
export function createClock(): Clock {
  let ticks = 0;
  return {
    now() {
      ticks += 1;
      return CLOCK_START + ticks;
    },
  };
}
