import { ConformanceError } from './conformance-error';

/**
 * A value is not a conformance report this kit can read (code `INVALID_REPORT`): not JSON,
 * not an object, or of another report format. `verifyReport` reports inconsistencies of a
 * readable report as problems instead.
 */
export class InvalidReportError extends ConformanceError {
  static override readonly code = 'INVALID_REPORT';

  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super(message, { code: InvalidReportError.code, cause: options.cause });
  }
}
