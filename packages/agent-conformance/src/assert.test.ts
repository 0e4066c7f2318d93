import { describe, expect, test } from 'vitest';
import { assert, ConformanceAssertionError, ConformanceError } from './index';

function failure(check: () => void): unknown {
  try {
    check();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('assert', () => {
  test('passes silently when the check holds', () => {
    expect(() => {
      assert.that('ABT-1', true, 'never shown');
      assert.equal('ABT-1', 1, 1, 'one');
      assert.deepEqual('ABT-1', { a: [1] }, { a: [1] }, 'object');
    }).not.toThrow();
    expect(assert.defined('ABT-1', 0, 'zero')).toBe(0);
  });

  test('fails with a message naming the requirement, what was expected and what happened', () => {
    const error = failure(() =>
      assert.equal('ABT-3', 'turn-1', undefined, 'the turn id of a released input'),
    );
    expect(ConformanceAssertionError.isInstance(error)).toBe(true);
    expect(ConformanceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'ASSERTION_FAILED',
      requirement: 'ABT-3',
      message: "[ABT-3] expected the turn id of a released input to be undefined, got 'turn-1'",
    });
    expect((failure(() => assert.deepEqual('SCH-6', [1], [2], 'the inputs')) as Error).message).toBe(
      '[SCH-6] expected the inputs to equal [ 2 ], got [ 1 ]',
    );
    expect((failure(() => assert.defined('HK-9', undefined, 'archived')) as Error).message).toBe(
      '[HK-9] expected archived to be present, got undefined',
    );
  });

  test('an error of another class is not recognized as an assertion failure', () => {
    expect(ConformanceAssertionError.isInstance(new Error('x'))).toBe(false);
  });
});
