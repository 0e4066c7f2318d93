import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/api-llm/error');

/** Options of {@link LlmError}: the code, the cause, and the details every error of the package has. */
export interface LlmErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of the errors a model service throws, in the one error pattern of
 * docs/errors.md. `code` is stable; use `LlmError.isInstance(value)` rather than `instanceof`,
 * which fails when two copies of the package are installed; on a subclass it checks that
 * subclass's code (`ChatAbortedError.isInstance(value)`).
 */
export class LlmError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<LlmError>;

  static {
    defineIsInstance(LlmError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: LlmErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
