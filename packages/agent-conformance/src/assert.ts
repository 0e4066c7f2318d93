import { inspect, isDeepStrictEqual } from 'node:util';
import { ConformanceAssertionError } from './conformance-assertion-error';

/**
 * What a comparison says when it fails: the rule the implementation must follow, in words a
 * third party can act on, and what the kit compared (a noun phrase: `the number of model calls`).
 */
export interface Check {
  /** The rule, e.g. `after abort no further model call may start in the stopped turn`. */
  readonly rule: string;
  /** What was compared, e.g. `the number of model calls`. */
  readonly subject: string;
}

/**
 * What a condition says when it fails: the rule, and what the kit observed instead (a clause:
 * `a 2nd model call started`).
 */
export interface Violation {
  /** The rule, e.g. `after abort no further model call may start in the stopped turn`. */
  readonly rule: string;
  /** What happened instead, e.g. `the signal of the running model call was not aborted`. */
  readonly observed: string;
}

/**
 * The kit's own assertions. Each names the requirement it checks and the rule in words; a
 * failure throws `ConformanceAssertionError` with a message `[ID] <rule>; <what was observed>`,
 * and the runner reports that requirement as violated.
 */
export interface Assert {
  /** Passes when `condition` is truthy. */
  that(requirement: string, condition: unknown, violation: Violation): asserts condition;
  /** Passes when `actual === expected` (`Object.is`). */
  equal<TValue>(
    requirement: string,
    actual: unknown,
    expected: TValue,
    check: Check,
  ): asserts actual is TValue;
  /** Passes when the values are deeply equal (`util.isDeepStrictEqual`). */
  deepEqual(requirement: string, actual: unknown, expected: unknown, check: Check): void;
  /** Passes when `value` is neither `undefined` nor `null`; returns it. */
  defined<TValue>(requirement: string, value: TValue | undefined | null, check: Check): TValue;
  /** Fails. */
  fail(requirement: string, violation: Violation): never;
}

/** Formats a value for an assertion message: short, on one line. */
export function describeValue(value: unknown): string {
  const text = inspect(value, { depth: 3, breakLength: Number.POSITIVE_INFINITY, maxArrayLength: 10 });
  return text.length > 240 ? `${text.slice(0, 237)}...` : text;
}

function violated(requirement: string, rule: string, observed: string): ConformanceAssertionError {
  return new ConformanceAssertionError(requirement, `${rule}; ${observed}`);
}

function mismatch(requirement: string, check: Check, expected: unknown, actual: unknown) {
  const observed = `${check.subject}: expected ${describeValue(expected)}, got ${describeValue(actual)}`;
  return violated(requirement, check.rule, observed);
}

/** The kit's assertions (see {@link Assert}). */
export const assert: Assert = {
  that(requirement, condition, violation) {
    if (!condition) throw violated(requirement, violation.rule, violation.observed);
  },
  equal(requirement, actual, expected, check) {
    if (!Object.is(actual, expected)) throw mismatch(requirement, check, expected, actual);
  },
  deepEqual(requirement, actual, expected, check) {
    if (!isDeepStrictEqual(actual, expected)) throw mismatch(requirement, check, expected, actual);
  },
  defined(requirement, value, check) {
    if (value === undefined || value === null) {
      throw violated(requirement, check.rule, `${check.subject}: missing (got ${String(value)})`);
    }
    return value;
  },
  fail(requirement, violation) {
    throw violated(requirement, violation.rule, violation.observed);
  },
};
