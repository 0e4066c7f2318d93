import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from './error-family';

const brand = Symbol.for('@aalis/token-budget/error');

/** Options of {@link TokenBudgetError}: the code, the cause, and the details every error of the package has. */
export interface TokenBudgetErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of every error this package throws for bad data (an unknown encoding, a budget
 * that cannot be planned), in the one error pattern of docs/errors.md. Each subclass has a
 * stable `code` and keeps the underlying failure as `cause`. `TokenBudgetError.isInstance(value)` recognises errors of any installed copy of
 * this package, where `instanceof` does not; `Subclass.isInstance(value)` only that
 * subclass's code. Programmer misuse (a negative token count, a wrong argument type) throws a
 * plain `TypeError`.
 */
export class TokenBudgetError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<TokenBudgetError>;

  static {
    defineIsInstance(TokenBudgetError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: TokenBudgetErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
