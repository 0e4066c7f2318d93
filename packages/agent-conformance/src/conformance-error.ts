const brand = Symbol.for('@aalis/agent-conformance/error');

/** Options of {@link ConformanceError}. */
export interface ConformanceErrorOptions {
  /** A stable machine-readable code, listed in the README. */
  readonly code: string;
  /** The underlying failure. */
  readonly cause?: unknown;
}

/**
 * Base class of every error the conformance kit throws. Each carries a stable `code` and,
 * where one exists, the `cause`. `isInstance` recognizes errors made by any installed copy
 * of the kit (the brand is a registered symbol), which `instanceof` does not.
 */
export class ConformanceError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: ConformanceErrorOptions) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    Object.defineProperty(this, brand, { value: true });
  }

  /**
   * Whether `value` is an error of the class this is called on (by brand and code), also
   * when another installed copy of the kit made it.
   */
  static isInstance<TError extends ConformanceError>(
    this: { readonly code: string | undefined; readonly prototype: TError },
    value: unknown,
  ): value is TError {
    if (typeof value !== 'object' || value === null) return false;
    if ((value as Record<symbol, unknown>)[brand] !== true) return false;
    // biome-ignore lint/complexity/noThisInStatic: each subclass checks its own code
    const expected = this.code;
    return expected === undefined || (value as { code?: unknown }).code === expected;
  }
}
