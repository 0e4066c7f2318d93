import { describe, expect, it } from 'vitest';
import { createTextTail } from './text-tail';

describe('createTextTail', () => {
  it('keeps the last characters pushed', () => {
    const tail = createTextTail(5);
    tail.push('abc');
    tail.push('defgh\n');
    expect(tail.read()).toBe('efgh');
  });

  it('stays small whatever is pushed', () => {
    const tail = createTextTail(10);
    for (let index = 0; index < 10_000; index++) tail.push('0123456789');
    tail.push('e'.repeat(1024 * 1024));
    expect(tail.read()).toBe('e'.repeat(10));
  });
});
