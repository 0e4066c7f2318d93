import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/api-message-archive/error');

/** Options of {@link MessageArchiveError}: the code, the cause, and the details every error of the package has. */
export interface MessageArchiveErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of the errors a message archive throws, in the one error pattern of
 * docs/errors.md. `code` is stable; use `MessageArchiveError.isInstance(value)` rather than
 * `instanceof`, which fails when two copies of the package are installed; on a subclass it
 * checks that subclass's code (`ArchiveStorageError.isInstance(value)`). A store may subclass
 * these errors with codes of its own.
 */
export class MessageArchiveError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<MessageArchiveError>;

  static {
    defineIsInstance(MessageArchiveError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: MessageArchiveErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
