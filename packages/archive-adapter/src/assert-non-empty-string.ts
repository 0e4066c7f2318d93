/** Throws a `TypeError` naming `name` unless `value` is a non-empty string. Not public API. */
export function assertNonEmptyString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${name} must be a non-empty string`);
}
