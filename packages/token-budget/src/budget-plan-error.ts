import { TokenBudgetError, type TokenBudgetErrorOptions } from './token-budget-error';

/**
 * Thrown by `planTokenBudget` when the figures leave no room for a prompt: the reply reserve
 * fills the whole context window.
 */
export class BudgetPlanError extends TokenBudgetError {
  /** The stable code of this error. */
  static readonly code = 'TOKEN_BUDGET_NO_ROOM';

  constructor(message: string, options: TokenBudgetErrorOptions = {}) {
    super(BudgetPlanError.code, message, options);
    this.name = 'BudgetPlanError';
  }

  /** Whether `value` is a `BudgetPlanError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is BudgetPlanError {
    return TokenBudgetError.isInstance(value) && value.code === BudgetPlanError.code;
  }
}
