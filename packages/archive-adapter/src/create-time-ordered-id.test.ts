import { describe, expect, it } from 'vitest';
import { createTimeOrderedId } from './create-time-ordered-id';

describe('createTimeOrderedId', () => {
  it('makes version-7 UUIDs whose first 48 bits are the current time in milliseconds', () => {
    const before = Date.now();
    const id = createTimeOrderedId();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const time = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
  });

  it('makes distinct ids within one millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createTimeOrderedId()));
    expect(ids.size).toBe(1000);
  });
});
