/**
 * The delay a response asks for, in milliseconds: `retry-after-ms`, else `retry-after` as
 * seconds or as an HTTP date (relative to `now`). `undefined` when neither is usable.
 */
export function parseRetryAfter(headers: Headers | undefined, now: number): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds)) return milliseconds;
  const value = headers?.get('retry-after')?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number.parseFloat(value) * 1_000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
