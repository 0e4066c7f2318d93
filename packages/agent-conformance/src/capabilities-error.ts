import { ConformanceError } from './conformance-error';

/** What {@link CapabilitiesError} found wrong. */
export interface CapabilitiesErrorOptions {
  /** Keys the kit does not know. */
  readonly unknown: readonly string[];
  /** Keys the declaration lacks. */
  readonly missing: readonly string[];
  /** Keys whose value is not a boolean. */
  readonly notBoolean: readonly string[];
}

/**
 * The capability declaration is not exactly the kit's set of keys with boolean values (code
 * `INVALID_CAPABILITIES`): an unknown key, a missing key or a non-boolean value. Thrown
 * before any case runs, so a typo can never turn a case into a silent pass.
 */
export class CapabilitiesError extends ConformanceError {
  static override readonly code = 'INVALID_CAPABILITIES';
  readonly unknown: readonly string[];
  readonly missing: readonly string[];
  readonly notBoolean: readonly string[];

  constructor(options: CapabilitiesErrorOptions) {
    const parts = [
      options.unknown.length > 0 ? `unknown key(s) ${options.unknown.join(', ')}` : undefined,
      options.missing.length > 0 ? `missing key(s) ${options.missing.join(', ')}` : undefined,
      options.notBoolean.length > 0 ? `non-boolean value(s) for ${options.notBoolean.join(', ')}` : undefined,
    ].filter((part) => part !== undefined);
    super(`Invalid capabilities: ${parts.join('; ')}`, { code: CapabilitiesError.code });
    this.unknown = options.unknown;
    this.missing = options.missing;
    this.notBoolean = options.notBoolean;
  }
}
