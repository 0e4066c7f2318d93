import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '../error-family';

const brand = Symbol.for('@aalis/example/error');

/** A family built on the helper exactly as a package's base class is. */
export class ExampleError extends Error {
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<ExampleError>;

  static {
    defineIsInstance(ExampleError, brand);
  }

  readonly code: string;

  constructor(message: string, options: ErrorFamilyOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}

export class FirstError extends ExampleError {
  static override readonly code = 'FIRST';
  constructor(options: { readonly cause?: unknown } = {}) {
    super('first', { ...options, code: FirstError.code });
  }
}

export class SecondError extends ExampleError {
  static override readonly code = 'SECOND';
  constructor() {
    super('second', { code: SecondError.code });
  }
}

/** Keeps its parent's code, as a store's refinement of a contract error does. */
export class RefinedFirstError extends FirstError {}

/** Has two codes and no `static code` of its own, as schema-message's validation error. */
export class SeveralCodesError extends ExampleError {
  declare readonly code: 'SEVERAL_A' | 'SEVERAL_B';
  constructor(code: 'SEVERAL_A' | 'SEVERAL_B') {
    super('several', { code });
  }
}
