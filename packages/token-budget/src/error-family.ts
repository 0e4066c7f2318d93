/**
 * The one error pattern of the @aalis packages (docs/errors.md). Packages that depend on
 * `@aalis/schema-message` import it from `@aalis/schema-message/error-family`; the packages it
 * cannot come from (the engines, which depend on no other @aalis package, and core) hold a
 * byte-identical copy as `src/error-family.ts`, as schema-message does. Edit
 * `tools/error-family/error-family.ts` and run `node tools/check-error-pattern.mjs --write`.
 */

/** What the base class of a package's errors takes besides its message. */
export interface ErrorFamilyOptions {
  /** A stable machine-readable code, listed in the package README. */
  readonly code: string;
  /** The underlying failure, kept as `error.cause` when given. */
  readonly cause?: unknown;
}

/** The static side of an error class that `isInstance` reads. */
export interface ErrorFamilyClass<TError> {
  /** The subclass's code; `undefined` on the base class, which matches every code. */
  readonly code: string | undefined;
  readonly name: string;
  readonly prototype: TError;
}

/**
 * The static `isInstance` of a family's base class, which every subclass inherits: called on a
 * class, it narrows to that class; called on a union of classes, to the base class.
 */
export interface IsInstance<TBase> {
  <TError extends TBase>(this: ErrorFamilyClass<TError>, value: unknown): value is TError;
  (value: unknown): value is TBase;
}

/** The `ErrorOptions` for `super(message, …)`: the cause when one was given, else none. */
export function errorOptions(options: ErrorFamilyOptions): ErrorOptions | undefined {
  return 'cause' in options ? { cause: options.cause } : undefined;
}

/** Marks `error` with the family's registered brand (a non-enumerable own property). */
export function brandError(error: Error, brand: symbol): void {
  Object.defineProperty(error, brand, { value: true });
}

/**
 * Gives `baseClass` (call it from the class's static block) a static `isInstance` that every
 * subclass inherits: `Base.isInstance(value)` is true for any error of the family, from any
 * installed copy; `Subclass.isInstance(value)` only for the subclass's code. It reads the class
 * it is taken from, so it also works detached: `errors.some(TurnFailedError.isInstance)`.
 */
export function defineIsInstance(baseClass: ErrorFamilyClass<unknown>, brand: symbol): void {
  const checks = new WeakMap<object, (value: unknown) => boolean>();
  Object.defineProperty(baseClass, 'isInstance', {
    configurable: true,
    get(this: ErrorFamilyClass<unknown>) {
      let check = checks.get(this);
      if (check === undefined) {
        const subclass = this === baseClass ? undefined : this;
        check = (value: unknown) => isErrorOfFamily(value, brand, subclass);
        checks.set(this, check);
      }
      return check;
    },
  });
}

/**
 * Whether `value` carries `brand` and, for a subclass (`subclass` given), the subclass's code.
 * A subclass with no code of its own (it keeps its parent's, or has several) is told apart by
 * its name: a store's `CorruptRowError` is an `ARCHIVE_STORAGE_FAILED` too.
 */
function isErrorOfFamily(
  value: unknown,
  brand: symbol,
  subclass: ErrorFamilyClass<unknown> | undefined,
): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if ((value as Record<symbol, unknown>)[brand] !== true) return false;
  if (subclass === undefined) return true;
  const code = subclass.code;
  if (code !== undefined && (value as { code?: unknown }).code !== code) return false;
  const parent = Object.getPrototypeOf(subclass) as { code?: unknown };
  return parent.code !== code || (value as { name?: unknown }).name === subclass.name;
}
