import { describe, expect, test } from 'vitest';
import { assert, ConformanceAssertionError } from './cases/index';
import { ConformanceError } from './index';

function failure(check: () => void): unknown {
  try {
    check();
  } catch (error) {
    return error;
  }
  return undefined;
}

const rule = 'inputs released by abort with queued must be archived without a turn id';

describe('assert', () => {
  test('passes silently when the check holds', () => {
    expect(() => {
      assert.that('ABT-1', true, { rule, observed: 'never shown' });
      assert.equal('ABT-1', 1, 1, { rule, subject: 'one' });
      assert.deepEqual('ABT-1', { a: [1] }, { a: [1] }, { rule, subject: 'object' });
    }).not.toThrow();
    expect(assert.defined('ABT-1', 0, { rule, subject: 'zero' })).toBe(0);
  });

  test('fails with a message naming the requirement, the rule, and what was observed against what was expected', () => {
    const error = failure(() =>
      assert.equal('ABT-3', 'turn-1', undefined, { rule, subject: 'the turn id of a released input' }),
    );
    expect(ConformanceAssertionError.isInstance(error)).toBe(true);
    expect(ConformanceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'ASSERTION_FAILED',
      requirement: 'ABT-3',
      message: `[ABT-3] ${rule}; the turn id of a released input: expected undefined, got 'turn-1'`,
    });
    const inputs = failure(() =>
      assert.deepEqual('SCH-6', [1], [2], { rule: 'a turn takes the head input', subject: 'the inputs' }),
    );
    expect((inputs as Error).message).toBe(
      '[SCH-6] a turn takes the head input; the inputs: expected [ 2 ], got [ 1 ]',
    );
    const archived = failure(() =>
      assert.defined('HK-9', undefined, {
        rule: 'archived is set once archived',
        subject: 'TurnInput.archived',
      }),
    );
    expect((archived as Error).message).toBe(
      '[HK-9] archived is set once archived; TurnInput.archived: missing (got undefined)',
    );
    const stopped = failure(() =>
      assert.that('ABT-1', false, {
        rule: 'after abort no further model call may start',
        observed: 'a 2nd model call started',
      }),
    );
    expect((stopped as Error).message).toBe(
      '[ABT-1] after abort no further model call may start; a 2nd model call started',
    );
  });

  test('an error of another class is not recognized as an assertion failure', () => {
    expect(ConformanceAssertionError.isInstance(new Error('x'))).toBe(false);
  });
});
