import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from './error-family';

const brand = Symbol.for('@aalis/turn-scheduler/error');

/** Options of {@link TurnSchedulerError}: the code, the cause, and the session. */
export interface TurnSchedulerErrorOptions extends ErrorFamilyOptions {
  /** The session the failure belongs to, when there is one. */
  readonly sessionId?: string | undefined;
}

/**
 * Base class of every error `@aalis/turn-scheduler` makes, in the one error pattern of
 * docs/errors.md. Each carries a stable `code`, the `sessionId` it concerns and, where one
 * exists, the `cause`. `TurnSchedulerError.isInstance(value)` recognizes errors made by any
 * installed copy of the package (the brand is a registered symbol), which `instanceof` does
 * not; `Subclass.isInstance(value)` only that subclass's code.
 */
export class TurnSchedulerError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<TurnSchedulerError>;

  static {
    defineIsInstance(TurnSchedulerError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;
  /** The session the failure belongs to, when there is one. */
  readonly sessionId: string | undefined;

  constructor(message: string, options: TurnSchedulerErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    this.sessionId = options.sessionId;
    brandError(this, brand);
  }
}
