import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/prompt-assembler/error');

/** Options of {@link PromptAssemblerError}: the code, the cause, and the details every error of the package has. */
export interface PromptAssemblerErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of every error of this package, in the one error pattern of docs/errors.md. Each
 * subclass has a stable `code` (listed in the README). `PromptAssemblerError.isInstance(value)`
 * also recognises errors made by another installed copy of this package, where `instanceof`
 * would not; `Subclass.isInstance(value)` only that subclass's code. Programmer misuse (a
 * missing option, a dry run with inputs) throws a plain `TypeError` instead.
 */
export class PromptAssemblerError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<PromptAssemblerError>;

  static {
    defineIsInstance(PromptAssemblerError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: PromptAssemblerErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
