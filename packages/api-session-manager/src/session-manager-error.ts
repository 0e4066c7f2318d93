const errorBrand = Symbol.for('@aalis/api-session-manager/error');

/**
 * Base class of the errors a session manager throws. `code` is stable; use
 * `SessionManagerError.isInstance(value)` rather than `instanceof`, which fails when two
 * copies of the package are installed. `sessionId` names the session.
 */
export class SessionManagerError extends Error {
  /** Stable machine-readable code (listed in the README). */
  readonly code: string;
  readonly sessionId: string;

  constructor(options: {
    readonly code: string;
    readonly sessionId: string;
    readonly message: string;
    readonly cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.code = options.code;
    this.sessionId = options.sessionId;
    this.name = 'SessionManagerError';
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is an error of this package, from any installed copy. */
  static isInstance(value: unknown): value is SessionManagerError {
    return value instanceof Error && (value as unknown as Record<symbol, unknown>)[errorBrand] === true;
  }
}
