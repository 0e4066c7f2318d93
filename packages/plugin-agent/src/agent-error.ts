const errorBrand = Symbol.for('@aalis/plugin-agent/error');

/**
 * Base class of the default agent's own errors. Each subclass has a stable `code` (listed in
 * the README); `isInstance` also recognises errors of another installed copy.
 */
export class AgentError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { readonly cause?: unknown }) {
    super(message, options);
    this.name = 'AgentError';
    this.code = code;
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is an error of this package, from this copy or any other. */
  static isInstance(value: unknown): value is AgentError {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [errorBrand]?: unknown })[errorBrand] === true
    );
  }
}
