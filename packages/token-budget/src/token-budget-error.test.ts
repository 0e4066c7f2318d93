import { describe, expect, it } from 'vitest';
import { BudgetPlanError, TokenBudgetError, UnknownEncodingError } from './index';

describe('errors', () => {
  it('carry a stable code, a cause and their class name', () => {
    const cause = new Error('root');
    const error = new UnknownEncodingError('p50k_base', { cause });
    expect(error).toBeInstanceOf(TokenBudgetError);
    expect(error).toMatchObject({
      code: 'TOKEN_BUDGET_UNKNOWN_ENCODING',
      name: 'UnknownEncodingError',
      cause,
    });
    expect(error.encoding).toBe('p50k_base');
  });

  it('isInstance tells the subclasses apart', () => {
    const unknown = new UnknownEncodingError('x');
    const plan = new BudgetPlanError('no room');
    expect(TokenBudgetError.isInstance(unknown)).toBe(true);
    expect(UnknownEncodingError.isInstance(unknown)).toBe(true);
    expect(BudgetPlanError.isInstance(unknown)).toBe(false);
    expect(BudgetPlanError.isInstance(plan)).toBe(true);
    expect(TokenBudgetError.isInstance(new Error('plain'))).toBe(false);
    expect(TokenBudgetError.isInstance(null)).toBe(false);
  });

  it('isInstance recognises an error branded by another copy of the package', () => {
    const fromOtherCopy = Object.defineProperty(
      Object.assign(new Error('elsewhere'), { code: 'TOKEN_BUDGET_NO_ROOM' }),
      Symbol.for('@aalis/token-budget/error'),
      { value: true },
    );
    expect(fromOtherCopy).not.toBeInstanceOf(TokenBudgetError);
    expect(BudgetPlanError.isInstance(fromOtherCopy)).toBe(true);
  });
});
