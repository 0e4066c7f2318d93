/**
 * A waiver: a requirement id (`ABT-3`) or a case (`case:<case id>`) the implementation is
 * known to fail, with the reason. A waived failure does not fail the run; a waiver that no
 * longer matches a failure is stale and fails it.
 */
export interface ExpectedFailure {
  readonly id: string;
  readonly reason: string;
}
