import { ConformanceError } from './conformance-error';

/**
 * The module given to `agent-conformance run --adapter` cannot be used (code
 * `INVALID_ADAPTER`): it failed to load, or does not export a `factory` function (or a
 * default export with one), `capabilities` and `implementation`.
 */
export class AdapterModuleError extends ConformanceError {
  static override readonly code = 'INVALID_ADAPTER';
  /** The module specifier as given. */
  readonly specifier: string;

  constructor(specifier: string, message: string, options: { readonly cause?: unknown } = {}) {
    super(`Adapter module ${specifier}: ${message}`, { code: AdapterModuleError.code, cause: options.cause });
    this.specifier = specifier;
  }
}
