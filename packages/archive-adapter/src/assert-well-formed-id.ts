import { isWellFormedText } from '@aalis/schema-message';

/**
 * Throws a `TypeError` naming `name` unless `value` is a non-empty, well-formed string: an
 * id used as a storage key must survive SQLite's UTF-8 text unchanged. Not public API.
 */
export function assertWellFormedId(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${name} must be a non-empty string`);
  if (!isWellFormedText(value)) {
    throw new TypeError(`${name} must be well-formed UTF-16 text, without a lone surrogate`);
  }
}
