import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/plugin-agent/error');

/** Options of {@link AgentError}: the code, the cause, and the details every error of the package has. */
export interface AgentErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of the default agent's own errors, in the one error pattern of docs/errors.md.
 * Each subclass has a stable `code` (listed in the README). `AgentError.isInstance(value)`
 * also recognises errors of another installed copy; `Subclass.isInstance(value)` only that
 * subclass's code.
 */
export class AgentError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<AgentError>;

  static {
    defineIsInstance(AgentError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: AgentErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
