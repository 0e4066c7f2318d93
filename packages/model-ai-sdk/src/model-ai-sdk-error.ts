import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/model-ai-sdk/error');

/** Options of {@link ModelAiSdkError}: the code, the cause, and the details every error of the package has. */
export interface ModelAiSdkErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of every error `@aalis/model-ai-sdk` makes (docs/errors.md). Each subclass has a
 * stable `code` (listed in the README) and keeps the underlying failure as `cause`.
 * `ModelAiSdkError.isInstance(value)` recognises an error of this package made by any installed
 * copy of it, where `instanceof` does not; `Subclass.isInstance(value)` only that subclass's code.
 */
export class ModelAiSdkError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<ModelAiSdkError>;

  static {
    defineIsInstance(ModelAiSdkError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: ModelAiSdkErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
