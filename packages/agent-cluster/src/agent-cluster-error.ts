import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/agent-cluster/error');

/** Options of {@link AgentClusterError}: the code, the cause, and the details every error of the package has. */
export interface AgentClusterErrorOptions extends ErrorFamilyOptions {}

/**
 * Base class of every error `@aalis/agent-cluster` makes, in the one error pattern of
 * docs/errors.md. Each subclass has a stable `code` (listed in the README) and keeps the
 * underlying failure as `cause`. `AgentClusterError.isInstance(value)` recognises an error of
 * this package made by any installed copy of it, where `instanceof` does not;
 * `ClusterInputError.isInstance(value)` only that subclass's code.
 */
export class AgentClusterError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<AgentClusterError>;

  static {
    defineIsInstance(AgentClusterError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: AgentClusterErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
