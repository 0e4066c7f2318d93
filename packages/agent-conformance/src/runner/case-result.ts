import type { CapabilityKey } from '../capabilities';
import type { ExpectedFailure } from './expected-failure';

/**
 * How a case ended, as the case itself found it:
 * - `passed`: every check held and nothing leaked;
 * - `failed`: a check failed (or the implementation threw, or made an unscripted call);
 * - `timeout`: a phase did not finish within its time limit (a hang);
 * - `leaked`: the checks held but something was left behind (see `leaks`);
 * - `not-applicable`: the implementation lacks a capability the case needs.
 */
export type CaseOutcome = 'passed' | 'failed' | 'timeout' | 'leaked' | 'not-applicable';

/**
 * The status a report gives a case: its outcome, or, under an expected failure, `waived`
 * (it failed as expected) or `stale-waiver` (it was expected to fail and passed; fails the run).
 */
export type CaseStatus = CaseOutcome | 'waived' | 'stale-waiver';

/** Something a case left behind, found by the leak check after it. */
export interface Leak {
  readonly kind:
    | 'unsettled-input'
    | 'unsettled-call'
    | 'open-model-call'
    | 'open-tool-call'
    | 'timer'
    | 'teardown';
  readonly detail: string;
}

/** The result of one case. */
export interface CaseResult {
  readonly id: string;
  readonly title: string;
  readonly requirements: readonly string[];
  readonly status: CaseStatus;
  readonly outcome: CaseOutcome;
  /** Wall-clock time of the case in milliseconds (informative only). */
  readonly durationMs: number;
  /**
   * The requirements the case found broken: the one a failed check names, or every id of the
   * case for a timeout, a leak or an unexpected error. Empty when it passed.
   */
  readonly violated: readonly string[];
  /** What went wrong, when something did. */
  readonly message?: string;
  readonly leaks: readonly Leak[];
  /** The capabilities it needed and the implementation lacks (`not-applicable`). */
  readonly missingCapabilities: readonly CapabilityKey[];
  /** The expected failure that applied, for `waived` and `stale-waiver`. */
  readonly waiver?: ExpectedFailure;
}
