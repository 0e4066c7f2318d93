const brand = Symbol.for('@aalis/hook-runner/error');

/** Options of {@link HookRunnerError}. */
export interface HookRunnerErrorOptions {
  /** A stable machine-readable code, listed in the README. */
  readonly code: string;
  /** The underlying failure. */
  readonly cause?: unknown;
}

/**
 * Base class of every error `@aalis/hook-runner` reports. Each error carries a stable
 * `code` and, where one exists, the `cause`. `isInstance` recognizes errors made by any
 * installed copy of the package (the brand is a registered symbol), which `instanceof`
 * does not.
 */
export class HookRunnerError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: HookRunnerErrorOptions) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = options.code;
    Object.defineProperty(this, brand, { value: true });
  }

  /**
   * Whether `value` is an error of this class (by brand and code), also when it was made
   * by another installed copy of the package.
   */
  static isInstance<TError extends HookRunnerError>(
    this: { readonly code: string | undefined; readonly prototype: TError },
    value: unknown,
  ): value is TError {
    if (typeof value !== 'object' || value === null) return false;
    if ((value as Record<symbol, unknown>)[brand] !== true) return false;
    // `this` is the class isInstance was called on, so each subclass checks its own code.
    // biome-ignore lint/complexity/noThisInStatic: polymorphic on purpose (see above)
    const expected = this.code;
    return expected === undefined || (value as { code?: unknown }).code === expected;
  }
}
