import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/agent-cli/error');

/** Options of {@link AgentCliError}: the code, the cause, and the details every error of the package has. */
export interface AgentCliErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of every error `@aalis/agent-cli` throws, in the one error pattern of docs/errors.md.
 * Each carries a stable `code` and, where one exists, the `cause`. `AgentCliError.isInstance(value)`
 * recognizes errors made by any installed copy of the package (the brand is a registered symbol),
 * which `instanceof` does not; `Subclass.isInstance(value)` only that subclass's code.
 */
export class AgentCliError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<AgentCliError>;

  static {
    defineIsInstance(AgentCliError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: AgentCliErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
