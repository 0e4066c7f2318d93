import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/tool-loop/error');

/** Options of {@link ToolLoopError}: the code, the cause, and the details every error of the package has. */
export interface ToolLoopErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of the failures that end a turn with outcome `error` ([SVC-3], [OUT-2]), in the
 * one error pattern of docs/errors.md. Each subclass has a stable `code` (listed in the
 * README) and keeps the original failure as `cause`. `ToolLoopError.isInstance(value)` also
 * recognises errors made by another installed copy of this package, where `instanceof` would
 * not; `Subclass.isInstance(value)` only that subclass's code. Programmer misuse of
 * `runToolLoop` is a `TypeError`.
 */
export class ToolLoopError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<ToolLoopError>;

  static {
    defineIsInstance(ToolLoopError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: ToolLoopErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
