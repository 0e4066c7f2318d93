/**
 * Whether `value` is well-formed UTF-16: no lone surrogate (a high surrogate without the low
 * one after it, or a low one without the high one before it). Only such text survives a
 * UTF-8 round trip, so ids used as storage keys (session ids, message ids) must be
 * well-formed. Linear in the length of `value` (`String.prototype.isWellFormed`).
 */
export function isWellFormedText(value: string): boolean {
  return (value as string & { isWellFormed(): boolean }).isWellFormed();
}
