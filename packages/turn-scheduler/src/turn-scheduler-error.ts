const brand = Symbol.for('@aalis/turn-scheduler/error');

/** Options of {@link TurnSchedulerError}. */
export interface TurnSchedulerErrorOptions {
  /** A stable machine-readable code, listed in the README. */
  readonly code: string;
  /** The session the failure belongs to, when there is one. */
  readonly sessionId?: string | undefined;
  /** The underlying failure. */
  readonly cause?: unknown;
}

/**
 * Base class of every error `@aalis/turn-scheduler` makes. Each carries a stable `code`,
 * the `sessionId` it concerns and, where one exists, the `cause`. `isInstance` recognizes
 * errors made by any installed copy of the package (the brand is a registered symbol),
 * which `instanceof` does not.
 */
export class TurnSchedulerError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /** A stable machine-readable code, listed in the README. */
  readonly code: string;
  /** The session the failure belongs to, when there is one. */
  readonly sessionId: string | undefined;

  constructor(message: string, options: TurnSchedulerErrorOptions) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    this.sessionId = options.sessionId;
    Object.defineProperty(this, brand, { value: true });
  }

  /**
   * Whether `value` is an error of this class (by brand and code), also when it was made
   * by another installed copy of the package.
   */
  static isInstance<TError extends TurnSchedulerError>(
    this: { readonly code: string | undefined; readonly prototype: TError },
    value: unknown,
  ): value is TError {
    if (typeof value !== 'object' || value === null) return false;
    if ((value as Record<symbol, unknown>)[brand] !== true) return false;
    // biome-ignore lint/complexity/noThisInStatic: `this` is the subclass whose code is checked
    return this.code === undefined || (value as { code?: unknown }).code === this.code;
  }
}
