const errorBrand = Symbol.for('@aalis/prompt-assembler/error');

/** Options every error of this package accepts. */
export interface PromptAssemblerErrorOptions {
  readonly cause?: unknown;
}

/**
 * Base class of every error of this package. Each subclass has a stable `code` (listed in the
 * README). `isInstance` also recognises errors made by another installed copy of this package,
 * where `instanceof` would not. Programmer misuse (a missing option, a dry run with inputs)
 * throws a plain `TypeError` instead.
 */
export class PromptAssemblerError extends Error {
  /** A stable string naming the failure. */
  readonly code: string;

  constructor(code: string, message: string, options: PromptAssemblerErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.name = 'PromptAssemblerError';
    this.code = code;
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is an error of this package, from this copy or any other. */
  static isInstance(value: unknown): value is PromptAssemblerError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [errorBrand]?: unknown })[errorBrand] === true &&
      typeof (value as { code?: unknown }).code === 'string'
    );
  }
}
