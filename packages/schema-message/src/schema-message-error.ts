import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from './error-family';

const brand = Symbol.for('@aalis/schema-message/error');

/** Options of {@link SchemaMessageError}: the code, the cause, and the details every error of the package has. */
export interface SchemaMessageErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of every error `@aalis/schema-message` throws, in the one error pattern of
 * docs/errors.md. `code` is stable; use `SchemaMessageError.isInstance(value)` rather than
 * `instanceof`, which fails when two copies of the package are installed.
 * `MessageValidationError.isInstance(value)` recognises the validation error by name, as it has
 * two codes.
 */
export class SchemaMessageError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<SchemaMessageError>;

  static {
    defineIsInstance(SchemaMessageError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: SchemaMessageErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
