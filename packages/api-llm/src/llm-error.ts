const errorBrand = Symbol.for('@aalis/api-llm/error');

/**
 * Base class of the errors a model service throws. `code` is stable; use
 * `LlmError.isInstance(value)` rather than `instanceof`, which fails when two copies of the
 * package are installed.
 */
export class LlmError extends Error {
  /** Stable machine-readable code (listed in the README). */
  readonly code: string;

  constructor(code: string, message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = 'LlmError';
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is an error of this package, from any installed copy. */
  static isInstance(value: unknown): value is LlmError {
    return value instanceof Error && (value as unknown as Record<symbol, unknown>)[errorBrand] === true;
  }
}
