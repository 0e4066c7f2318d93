import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/tools-mcp/error');

/** Options of {@link ToolsMcpError}: the code, the cause, and the server the error belongs to. */
export interface ToolsMcpErrorOptions extends ErrorFamilyOptions {
  /** The configured `name` of the MCP server concerned. */
  readonly serverName: string;
}

/**
 * Base class of every error `@aalis/tools-mcp` makes (docs/errors.md). Each subclass has a
 * stable `code` (listed in the README) and keeps the underlying failure as `cause`.
 * `ToolsMcpError.isInstance(value)` recognises an error of this package made by any installed
 * copy of it, where `instanceof` does not; `Subclass.isInstance(value)` only that subclass's code.
 */
export class ToolsMcpError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<ToolsMcpError>;

  static {
    defineIsInstance(ToolsMcpError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;
  /** The configured `name` of the MCP server concerned. */
  readonly serverName: string;

  constructor(message: string, options: ToolsMcpErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    this.serverName = options.serverName;
    brandError(this, brand);
  }
}
