const errorBrand = Symbol.for('@aalis/token-budget/error');

/** Options every error of this package accepts. */
export interface TokenBudgetErrorOptions {
  readonly cause?: unknown;
}

/**
 * Base class of every error this package throws for bad data (an unknown encoding, a budget
 * that cannot be planned). Each subclass has a stable `code`. `isInstance` recognises errors
 * thrown by another installed copy of this package as well, where `instanceof` would not.
 * Programmer misuse (a negative token count, a wrong argument type) throws a plain `TypeError`.
 */
export class TokenBudgetError extends Error {
  /** A stable string naming the failure, listed in the README. */
  readonly code: string;

  constructor(code: string, message: string, options: TokenBudgetErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.name = 'TokenBudgetError';
    this.code = code;
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is an error of this package, from this copy or any other. */
  static isInstance(value: unknown): value is TokenBudgetError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [errorBrand]?: unknown })[errorBrand] === true &&
      typeof (value as { code?: unknown }).code === 'string'
    );
  }
}
