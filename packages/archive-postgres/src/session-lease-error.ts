import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/archive-postgres/error');

/** Options of {@link SessionLeaseError}: the code, the cause, and the session. */
export interface SessionLeaseErrorOptions extends ErrorFamilyOptions {
  /** The session the lease is of. */
  readonly sessionId: string;
}

/**
 * Base class of the errors of session leases ([DUR-3]), in the one error pattern of
 * docs/errors.md. `code` is stable (`LEASE_HELD` or `LEASE_LOST`); use
 * `SessionLeaseError.isInstance(value)` rather than `instanceof`, which fails when two copies
 * of the package are installed; `LeaseHeldError.isInstance(value)` checks that code only. The
 * store's write refusals are `ArchiveStorageError`s of `@aalis/api-message-archive` instead.
 */
export class SessionLeaseError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<SessionLeaseError>;

  static {
    defineIsInstance(SessionLeaseError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;
  /** The session the lease is of. */
  readonly sessionId: string;

  constructor(message: string, options: SessionLeaseErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    this.sessionId = options.sessionId;
    brandError(this, brand);
  }
}
