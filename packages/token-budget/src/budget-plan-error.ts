import { TokenBudgetError, type TokenBudgetErrorOptions } from './token-budget-error';

/**
 * Thrown by `planTokenBudget` when the figures leave no room for a prompt: the reply reserve
 * fills the whole context window.
 */
export class BudgetPlanError extends TokenBudgetError {
  /** The stable code of this error. */
  static override readonly code = 'TOKEN_BUDGET_NO_ROOM';

  constructor(message: string, options: Omit<TokenBudgetErrorOptions, 'code'> = {}) {
    super(message, { ...options, code: BudgetPlanError.code });
  }
}
