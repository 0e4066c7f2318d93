import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/api-tools/error');

/** Options of {@link ToolsError}: the code, the cause, and the tool. */
export interface ToolsErrorOptions extends ErrorFamilyOptions {
  /** The tool called. */
  readonly toolName: string;
}

/**
 * Base class of the errors of tool execution, in the one error pattern of docs/errors.md.
 * `code` is stable; use `ToolsError.isInstance(value)` rather than `instanceof`, which fails
 * when two copies of the package are installed; on a subclass it checks that subclass's code.
 * `toolName` names the tool called.
 */
export class ToolsError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<ToolsError>;

  static {
    defineIsInstance(ToolsError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;
  /** The tool called. */
  readonly toolName: string;

  constructor(message: string, options: ToolsErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    this.toolName = options.toolName;
    brandError(this, brand);
  }
}
