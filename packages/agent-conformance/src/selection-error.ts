import { ConformanceError } from './conformance-error';

/**
 * A selection of cases (`only`, the CLI's `--only`) names an id that is neither a case of the
 * kit nor a requirement of its catalog (code `INVALID_SELECTION`). Thrown before any case runs;
 * the message lists the unknown ids and the ids that exist.
 */
export class SelectionError extends ConformanceError {
  static override readonly code = 'INVALID_SELECTION';
  /** The ids that name nothing. */
  readonly unknown: readonly string[];

  constructor(unknown: readonly string[], hint: string) {
    super(`--only names no case or requirement of the kit: ${unknown.join(', ')}. ${hint}`, {
      code: SelectionError.code,
    });
    this.unknown = unknown;
  }
}
