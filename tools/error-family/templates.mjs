/**
 * The base error class of a package in the one pattern of docs/errors.md, and its test, as
 * tools/new-package.mjs writes them (`src/<name>-error.ts`, `src/<name>-error.test.ts`).
 */

/** `tool-loop` → `ToolLoopError`. */
export function errorClassName(packageName) {
  return `${packageName.replace(/(^|-)([a-z0-9])/g, (_, _dash, letter) => letter.toUpperCase())}Error`;
}

/** The source of `src/<kebab name>.ts`: the base class `name` of the package's errors. */
export function baseErrorSource(
  packageName,
  name = errorClassName(packageName),
  helper = '@aalis/schema-message/error-family',
) {
  return `import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '${helper}';

const brand = Symbol.for('@aalis/${packageName}/error');

/** Options of {@link ${name}}: the code, the cause, and the details every error of the package has. */
export interface ${name}Options extends ErrorFamilyOptions {}

/**
 * Base class of every error \`@aalis/${packageName}\` makes (docs/errors.md). Each subclass has a
 * stable \`code\` (listed in the README) and keeps the underlying failure as \`cause\`.
 * \`${name}.isInstance(value)\` recognises an error of this package made by any installed
 * copy of it, where \`instanceof\` does not; \`Subclass.isInstance(value)\` only that subclass's code.
 */
export class ${name} extends Error {
  /** The code of the subclass; \`undefined\` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether \`value\` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<${name}>;

  static {
    defineIsInstance(${name}, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: string;

  constructor(message: string, options: ${name}Options) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    brandError(this, brand);
  }
}
`;
}

/** The source of `src/<kebab name>.test.ts`, the test of the base class `name`. */
export function baseErrorTestSource(packageName, name = errorClassName(packageName)) {
  const kebab = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return `import { describe, expect, it } from 'vitest';
import { ${name} } from './${kebab}';

class ExampleError extends ${name} {
  static override readonly code = 'EXAMPLE';
  constructor(options: { readonly cause?: unknown } = {}) {
    super('an example failure', { ...options, code: ExampleError.code });
  }
}

describe('${name}', () => {
  it('has the name of its class, a stable code and the cause it was given', () => {
    const cause = new Error('underlying');
    const error = new ExampleError({ cause });
    expect(error).toBeInstanceOf(${name});
    expect(error.name).toBe('ExampleError');
    expect(error.code).toBe('EXAMPLE');
    expect(error.cause).toBe(cause);
  });

  it('isInstance recognises the errors of the package by brand, a subclass only its own code', () => {
    const other = new ${name}('another failure', { code: 'OTHER' });
    expect(${name}.isInstance(new ExampleError())).toBe(true);
    expect(${name}.isInstance(other)).toBe(true);
    expect(ExampleError.isInstance(other)).toBe(false);
    expect(${name}.isInstance(Object.assign(new Error('x'), { code: 'EXAMPLE' }))).toBe(false);
    expect([other].some(ExampleError.isInstance)).toBe(false);
    expect([other].some(${name}.isInstance)).toBe(true);
  });
});
`;
}
