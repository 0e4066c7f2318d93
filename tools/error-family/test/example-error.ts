import {
  brandError,
  type ErrorFamilyClass,
  type ErrorFamilyOptions,
  errorOptions,
  isErrorOfFamily,
} from '../error-family';

const brand = Symbol.for('@aalis/example/error');

/** A family built on the helper exactly as a package's base class is. */
export class ExampleError extends Error {
  static readonly code: string | undefined = undefined;
  readonly code: string;

  constructor(message: string, options: ErrorFamilyOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }

  static isInstance<TError extends ExampleError>(
    this: ErrorFamilyClass<TError>,
    value: unknown,
  ): value is TError {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class asked, so each subclass checks its own code
    return isErrorOfFamily(value, brand, this);
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
