import type { TextRef } from '@aalis/schema-message';

/** A display label as plain text: the string itself, or a `TextRef`'s fallback (else its key). */
export function displayText(label: string | TextRef): string {
  return typeof label === 'string' ? label : (label.fallback ?? label.key);
}
