import { TokenBudgetError, type TokenBudgetErrorOptions } from './token-budget-error';

/** Thrown when a counter is asked for an encoding this package does not ship. */
export class UnknownEncodingError extends TokenBudgetError {
  /** The stable code of this error. */
  static override readonly code = 'TOKEN_BUDGET_UNKNOWN_ENCODING';

  /** The encoding name that was asked for. */
  readonly encoding: string;

  constructor(encoding: string, options: Omit<TokenBudgetErrorOptions, 'code'> = {}) {
    super(`Unknown token encoding "${encoding}"`, { ...options, code: UnknownEncodingError.code });
    this.encoding = encoding;
  }
}
