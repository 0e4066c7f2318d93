const errorBrand = Symbol.for('@aalis/tool-loop/error');

/** Options every error of this package accepts. */
export interface ToolLoopErrorOptions {
  readonly cause?: unknown;
}

/**
 * Base class of the failures that end a turn with outcome `error` ([SVC-3], [OUT-2]). Each
 * subclass has a stable `code` (listed in the README) and keeps the original failure as
 * `cause`. `isInstance` also recognises errors made by another installed copy of this
 * package, where `instanceof` would not. Programmer misuse of `runToolLoop` is a `TypeError`.
 */
export class ToolLoopError extends Error {
  /** A stable string naming the failure. */
  readonly code: string;

  constructor(code: string, message: string, options: ToolLoopErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.name = 'ToolLoopError';
    this.code = code;
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is an error of this package, from this copy or any other. */
  static isInstance(value: unknown): value is ToolLoopError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [errorBrand]?: unknown })[errorBrand] === true &&
      typeof (value as { code?: unknown }).code === 'string'
    );
  }
}
