const errorBrand = Symbol.for('@aalis/schema-message/error');

/**
 * Base class of every error `@aalis/schema-message` throws. `code` is stable; use
 * `SchemaMessageError.isInstance(value)` rather than `instanceof`, which fails when two
 * copies of the package are installed.
 */
export class SchemaMessageError extends Error {
  /** Stable machine-readable code (listed in the README). */
  readonly code: string;

  constructor(code: string, message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = 'SchemaMessageError';
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is an error of this package, from any installed copy. */
  static isInstance(value: unknown): value is SchemaMessageError {
    return value instanceof Error && (value as unknown as Record<symbol, unknown>)[errorBrand] === true;
  }
}
