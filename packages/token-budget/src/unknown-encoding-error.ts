import { TokenBudgetError, type TokenBudgetErrorOptions } from './token-budget-error';

/** Thrown when a counter is asked for an encoding this package does not ship. */
export class UnknownEncodingError extends TokenBudgetError {
  /** The stable code of this error. */
  static readonly code = 'TOKEN_BUDGET_UNKNOWN_ENCODING';

  /** The encoding name that was asked for. */
  readonly encoding: string;

  constructor(encoding: string, options: TokenBudgetErrorOptions = {}) {
    super(UnknownEncodingError.code, `Unknown token encoding "${encoding}"`, options);
    this.name = 'UnknownEncodingError';
    this.encoding = encoding;
  }

  /** Whether `value` is an `UnknownEncodingError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is UnknownEncodingError {
    return TokenBudgetError.isInstance(value) && value.code === UnknownEncodingError.code;
  }
}
