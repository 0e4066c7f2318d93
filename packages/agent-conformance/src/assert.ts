import { inspect, isDeepStrictEqual } from 'node:util';
import { ConformanceAssertionError } from './conformance-assertion-error';

/**
 * The kit's own assertions. Each names the requirement it checks; a failure throws
 * `ConformanceAssertionError` with a message `[ID] expected … to …, got …`, and the runner
 * reports that requirement as violated.
 */
export interface Assert {
  /** Passes when `condition` is truthy; `message` says what was expected and what happened. */
  that(requirement: string, condition: unknown, message: string): asserts condition;
  /** Passes when `actual === expected` (`Object.is`). */
  equal<TValue>(
    requirement: string,
    actual: unknown,
    expected: TValue,
    subject: string,
  ): asserts actual is TValue;
  /** Passes when the values are deeply equal (`util.isDeepStrictEqual`). */
  deepEqual(requirement: string, actual: unknown, expected: unknown, subject: string): void;
  /** Passes when `value` is neither `undefined` nor `null`; returns it. */
  defined<TValue>(requirement: string, value: TValue | undefined | null, subject: string): TValue;
  /** Fails. */
  fail(requirement: string, message: string): never;
}

/** Formats a value for an assertion message: short, on one line. */
export function describeValue(value: unknown): string {
  const text = inspect(value, { depth: 3, breakLength: Number.POSITIVE_INFINITY, maxArrayLength: 10 });
  return text.length > 240 ? `${text.slice(0, 237)}...` : text;
}

/** The kit's assertions (see {@link Assert}). */
export const assert: Assert = {
  that(requirement, condition, message) {
    if (!condition) throw new ConformanceAssertionError(requirement, message);
  },
  equal(requirement, actual, expected, subject) {
    if (!Object.is(actual, expected)) {
      throw new ConformanceAssertionError(
        requirement,
        `expected ${subject} to be ${describeValue(expected)}, got ${describeValue(actual)}`,
      );
    }
  },
  deepEqual(requirement, actual, expected, subject) {
    if (!isDeepStrictEqual(actual, expected)) {
      throw new ConformanceAssertionError(
        requirement,
        `expected ${subject} to equal ${describeValue(expected)}, got ${describeValue(actual)}`,
      );
    }
  },
  defined(requirement, value, subject) {
    if (value === undefined || value === null) {
      throw new ConformanceAssertionError(
        requirement,
        `expected ${subject} to be present, got ${String(value)}`,
      );
    }
    return value;
  },
  fail(requirement, message) {
    throw new ConformanceAssertionError(requirement, message);
  },
};
