const errorBrand = Symbol.for('@aalis/api-tools/error');

/**
 * Base class of the errors of tool execution. `code` is stable; use
 * `ToolsError.isInstance(value)` rather than `instanceof`, which fails when two copies of
 * the package are installed. `toolName` names the tool called.
 */
export class ToolsError extends Error {
  /** Stable machine-readable code (listed in the README). */
  readonly code: string;
  readonly toolName: string;

  constructor(options: {
    readonly code: string;
    readonly toolName: string;
    readonly message: string;
    readonly cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.code = options.code;
    this.toolName = options.toolName;
    this.name = 'ToolsError';
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is an error of this package, from any installed copy. */
  static isInstance(value: unknown): value is ToolsError {
    return value instanceof Error && (value as unknown as Record<symbol, unknown>)[errorBrand] === true;
  }
}
