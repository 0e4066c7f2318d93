import { randomUUID } from 'node:crypto';

/**
 * A UUID in the version-7 layout: 48 bits of milliseconds since the epoch, then random bits.
 * Ids made one after the other sort roughly by time, so a store's id index grows at its
 * end instead of at random places. Order of messages never depends on ids. Not public API.
 */
export function createTimeOrderedId(): string {
  const random = randomUUID();
  const time = Date.now().toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
