import { createHash } from 'node:crypto';

/** Eight hex digits of the SHA-256 of `text`: the same text always gives the same digits. */
export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 8);
}
