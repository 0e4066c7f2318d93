const errorBrand = Symbol.for('@aalis/archive-postgres/session-lease-error');

/**
 * Base class of the errors of session leases ([DUR-3]). `code` is stable; use
 * `SessionLeaseError.isInstance(value)` rather than `instanceof`, which fails when two copies
 * of the package are installed.
 */
export class SessionLeaseError extends Error {
  /** Stable machine-readable code: `LEASE_HELD` or `LEASE_LOST`. */
  readonly code: string;
  /** The session the lease is of. */
  readonly sessionId: string;

  constructor(code: string, sessionId: string, message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.sessionId = sessionId;
    this.name = 'SessionLeaseError';
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is a session lease error, from any installed copy. */
  static isInstance(value: unknown): value is SessionLeaseError {
    return value instanceof Error && (value as unknown as Record<symbol, unknown>)[errorBrand] === true;
  }
}
