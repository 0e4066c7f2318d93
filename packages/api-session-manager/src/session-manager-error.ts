import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/api-session-manager/error');

/** Options of {@link SessionManagerError}: the code, the cause, and the session. */
export interface SessionManagerErrorOptions extends ErrorFamilyOptions {
  /** The session the failure concerns. */
  readonly sessionId: string;
}

/**
 * Base class of the errors a session manager throws, in the one error pattern of
 * docs/errors.md. `code` is stable; use `SessionManagerError.isInstance(value)` rather than
 * `instanceof`, which fails when two copies of the package are installed; on a subclass it
 * checks that subclass's code. `sessionId` names the session.
 */
export class SessionManagerError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<SessionManagerError>;

  static {
    defineIsInstance(SessionManagerError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;
  /** The session the failure concerns. */
  readonly sessionId: string;

  constructor(message: string, options: SessionManagerErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    this.sessionId = options.sessionId;
    brandError(this, brand);
  }
}
