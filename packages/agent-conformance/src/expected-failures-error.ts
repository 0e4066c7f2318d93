import { ConformanceError } from './conformance-error';

/**
 * An expected-failure list is malformed (code `INVALID_EXPECTED_FAILURES`): an entry names
 * neither a known requirement id nor `case:<known case id>`, has no reason, or repeats an
 * earlier entry. `problems` lists each one.
 */
export class ExpectedFailuresError extends ConformanceError {
  static override readonly code = 'INVALID_EXPECTED_FAILURES';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid expected failures: ${problems.join('; ')}`, { code: ExpectedFailuresError.code });
    this.problems = problems;
  }
}
