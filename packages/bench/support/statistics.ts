/** Small statistics over samples: the figures every suite reports. */

/** The smallest, middle and largest of several runs of one figure: the machine's noise. */
export interface Spread {
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new RangeError('no samples');
  return [...values].sort((left, right) => left - right);
}

/** The value at `fraction` (0..1) of the sorted samples, interpolating between neighbours. */
export function percentile(values: readonly number[], fraction: number): number {
  const ordered = sorted(values);
  const position = (ordered.length - 1) * Math.min(Math.max(fraction, 0), 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = ordered[lower] ?? Number.NaN;
  const high = ordered[upper] ?? low;
  return low + (high - low) * (position - lower);
}

/** The median of the samples. */
export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** Min, median and max of the samples. */
export function spread(values: readonly number[]): Spread {
  const ordered = sorted(values);
  return { min: ordered[0] ?? Number.NaN, median: median(ordered), max: ordered.at(-1) ?? Number.NaN };
}

/** Rounds to `digits` significant decimals (for printing and JSON). */
export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A spread with each figure rounded. */
export function roundSpread(value: Spread, digits = 3): Spread {
  return {
    min: round(value.min, digits),
    median: round(value.median, digits),
    max: round(value.max, digits),
  };
}
