import type { TextRef } from './text-ref';

/** Whether `value` is a {@link TextRef} rather than a plain string (or anything else). */
export function isTextRef(value: unknown): value is TextRef {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}
